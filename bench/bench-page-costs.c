/* bench-page-costs.c: what this host charges for memory pages
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   build/bench/bench-page-costs [FILE]
 *
 * Loads spend much of their time on memory met for the first time, and
 * what that costs depends on the host more than on the program: on the
 * development VM (a PVM guest) a fresh page cost 12-18 us, where bare
 * metal takes well under one.  This prints, per 4 KiB page of a 40 MiB
 * region, three runs each:
 *   - writing fresh anonymous memory, as an array fills;
 *   - the same after MADV_POPULATE_WRITE, and in memory advised for
 *     transparent huge pages;
 *   - reading memory again after mremap() moved it, as realloc() does
 *     when an array grows, and after it grew in place;
 *   - reading a mapped FILE (default: this program) after
 *     MADV_POPULATE_READ, then again.
 * The figures explain choices in src/core (arrays sized once,
 * stp-buffer.c) and the bench results in bench/README.md.
 */

/* meson defines _GNU_SOURCE, for mremap(). */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define TRUE  1
#define FALSE 0

#define SIZE  ((size_t) 40 << 20)
#define PAGE  4096
#define RUNS  3

#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22
#endif
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

static volatile unsigned long sink;

static double
now_us (void)
{
  struct timespec t;

  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static char *
map_anon (size_t size)
{
  char *p = mmap (NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

  return p == MAP_FAILED ? NULL : p;
}

/* One byte of each page: the cost is the page's, not the bytes'. */
static void
write_pages (char *p, size_t size)
{
  for (size_t i = 0; i < size; i += PAGE)
    p[i] = 1;
}

static void
read_pages (const char *p, size_t size)
{
  unsigned long sum = 0;

  for (size_t i = 0; i < size; i += PAGE)
    sum += p[i];
  sink = sum;
}

static double
per_page (double us, size_t size)
{
  return us / (size / PAGE);
}

static void
fresh (const char *label, int advice)
{
  for (int r = 0; r < RUNS; r++)
    {
      /* Room to align to 2 MiB, as huge pages need. */
      char *region = map_anon (SIZE + (2 << 20));
      char *p = (char *) (((unsigned long) region + (2 << 20) - 1) & ~((unsigned long) (2 << 20) - 1));
      double t0 = now_us ();

      if (advice != 0)
        madvise (p, SIZE, advice);
      write_pages (p, SIZE);
      printf ("%-44s %7.2f us\n", label, per_page (now_us () - t0, SIZE));
      munmap (region, SIZE + (2 << 20));
    }
}

/* Grows a filled region with mremap(), as realloc() grows a large array:
 * moved where a page right after it is taken, else in place. */
static void
grown (int must_move)
{
  for (int r = 0; r < RUNS; r++)
    {
      char *p = map_anon (2 * SIZE);
      char *q;
      double t0;

      /* The upper half goes; a page of it stays to block the growth. */
      munmap (p + SIZE + (must_move ? PAGE : 0), SIZE - (must_move ? PAGE : 0));
      write_pages (p, SIZE);
      read_pages (p, SIZE);
      q = mremap (p, SIZE, 2 * SIZE, MREMAP_MAYMOVE);
      t0 = now_us ();
      read_pages (q, SIZE);
      printf ("%-44s %7.2f us (%s)\n", "first read after mremap() grew it",
              per_page (now_us () - t0, SIZE), q != p ? "moved" : "in place");
      t0 = now_us ();
      read_pages (q, SIZE);
      printf ("%-44s %7.2f us\n", "  and again", per_page (now_us () - t0, SIZE));
      munmap (q, 2 * SIZE);
      if (must_move)
        munmap (p + SIZE, PAGE);
    }
}

static void
mapped_file (const char *path)
{
  int fd = open (path, O_RDONLY);
  struct stat st;

  if (fd < 0 || fstat (fd, &st) != 0 || st.st_size < PAGE)
    {
      fprintf (stderr, "%s: cannot read it\n", path);
      return;
    }
  for (int r = 0; r < RUNS; r++)
    {
      char *p = mmap (NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
      double t0 = now_us (), t1;

      madvise (p, st.st_size, MADV_POPULATE_READ);
      t1 = now_us ();
      read_pages (p, st.st_size);
      printf ("%-44s %7.2f us (populate %.2f us)\n", "first read of a mapped file",
              per_page (now_us () - t1, st.st_size), per_page (t1 - t0, st.st_size));
      t0 = now_us ();
      read_pages (p, st.st_size);
      printf ("%-44s %7.2f us\n", "  and again", per_page (now_us () - t0, st.st_size));
      munmap (p, st.st_size);
    }
  close (fd);
}

int
main (int    argc,
      char **argv)
{
  printf ("per 4 KiB page, %d runs each\n", RUNS);
  fresh ("fresh memory written", 0);
  fresh ("fresh memory, MADV_POPULATE_WRITE first", MADV_POPULATE_WRITE);
  fresh ("fresh memory advised MADV_HUGEPAGE", MADV_HUGEPAGE);
  grown (TRUE);
  grown (FALSE);
  mapped_file (argc > 1 ? argv[1] : argv[0]);
  return 0;
}
