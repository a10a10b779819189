/* test-buffer.c: mapping memory in before it is filled
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <malloc.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "stp-buffer.h"
#include "under-asan.h"

#define SIZE (64 * 1024 * 1024)

static guint8 *
fresh_mapping (gsize size)
{
  void *data = mmap (NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

  g_assert_true (data != MAP_FAILED);
  return data;
}

/* How many of the range's pages are resident. */
static gsize
resident_pages (const guint8 *data,
                gsize         size)
{
  gsize page = sysconf (_SC_PAGESIZE);
  gsize n = (size + page - 1) / page;
  g_autofree guchar *vec = g_malloc (n);
  gsize resident = 0;

  g_assert_cmpint (mincore ((void *) data, size, vec), ==, 0);
  for (gsize i = 0; i < n; i++)
    resident += vec[i] & 1;
  return resident;
}

static gboolean
can_populate (void)
{
  guint8 *probe = fresh_mapping (1 << 20);
  gboolean ok = madvise (probe, 1 << 20, MADV_POPULATE_WRITE) == 0;

  munmap (probe, 1 << 20);
  return ok;
}

static void
test_populate (void)
{
  gsize page = sysconf (_SC_PAGESIZE);
  guint8 *data;

  if (!can_populate ())
    {
      g_test_skip ("MADV_POPULATE_WRITE needs Linux 5.14");
      return;
    }

  data = fresh_mapping (SIZE);
  g_assert_cmpuint (resident_pages (data, SIZE), ==, 0);

  /* Mapped in whole, contents untouched (zero). */
  stp_buffer_populate (data + 100, SIZE / 2 - 100);
  g_assert_cmpuint (resident_pages (data, SIZE / 2), ==, SIZE / 2 / page);
  g_assert_cmpuint (resident_pages (data + SIZE / 2, SIZE / 2), ==, 0);
  for (gsize i = 0; i < SIZE / 2; i += 4093)
    g_assert_cmpint (data[i], ==, 0);

  munmap (data, SIZE);
}

static void
test_array_reserve (void)
{
  g_autoptr(GArray) exact = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GArray) bound = g_array_new (FALSE, FALSE, sizeof (guint64));
  guint n = SIZE / sizeof (guint64);
  gpointer before;

  stp_array_reserve (exact, n);
  g_assert_cmpuint (exact->len, ==, 0);
  before = exact->data;
  g_array_set_size (exact, n);
  g_assert_true (exact->data == before);   /* no move: the room was there */

  stp_array_reserve_at_most (bound, n);
  before = bound->data;
  for (guint64 i = 0; i < n; i++)
    {
      if (i % 65536 == 0)
        stp_array_populate_ahead (bound, n, 65536);
      g_array_append_val (bound, i);
    }
  g_assert_true (bound->data == before);
  for (guint i = 0; i < n; i += 997)
    g_assert_cmpuint (g_array_index (bound, guint64, i), ==, i);

  /* Past the reservation, populate_ahead does nothing. */
  stp_array_populate_ahead (bound, n, 65536);
}

/* Room for n: the array keeps its elements and its length, and fills
 * to n without moving; nothing of the room is mapped in. */
static void
test_array_make_room (void)
{
  g_autoptr(GArray) array = g_array_new (FALSE, FALSE, sizeof (guint64));
  guint n = SIZE / sizeof (guint64);
  gpointer before;

  for (guint64 i = 0; i < 1000; i++)
    g_array_append_val (array, i);

  stp_array_make_room (array, n);
  g_assert_cmpuint (array->len, ==, 1000);
  for (guint i = 0; i < 1000; i++)
    g_assert_cmpuint (g_array_index (array, guint64, i), ==, i);
  /* Nothing past the pages holding the first elements, unless malloc
   * fills what it hands out (MALLOC_PERTURB_, which meson sets). */
  if (atoi (g_getenv ("MALLOC_PERTURB_") ? g_getenv ("MALLOC_PERTURB_") : "0") == 0)
    {
      gsize page = sysconf (_SC_PAGESIZE);
      guintptr start = (guintptr) array->data & ~(guintptr) (page - 1);

      g_assert_cmpuint (resident_pages ((guint8 *) start, (gsize) n * sizeof (guint64)), <, 16);
    }

  before = array->data;
  for (guint64 i = 1000; i < n; i++)
    g_array_append_val (array, i);
  g_assert_true (array->data == before);
  g_assert_cmpuint (g_array_index (array, guint64, n - 1), ==, n - 1);

  /* Less room than it has changes nothing. */
  stp_array_make_room (array, 10);
  g_assert_cmpuint (array->len, ==, n);
  g_assert_true (array->data == before);
}

/* What was mapped in past the fill goes back; what was filled stays,
 * the page it ends in included, and the room is still there. */
static void
test_array_release_unused (void)
{
  g_autoptr(GArray) array = g_array_new (FALSE, FALSE, sizeof (guint64));
  gsize page = sysconf (_SC_PAGESIZE);
  guint n = SIZE / sizeof (guint64);
  guint filled = 100000;   /* ends inside a page */
  const guint8 *data, *start, *stop, *end;

  if (!can_populate ())
    {
      g_test_skip ("MADV_POPULATE_WRITE needs Linux 5.14");
      return;
    }

  stp_array_reserve (array, n);
  data = (const guint8 *) array->data;
  for (guint64 i = 0; i < filled; i++)
    g_array_append_val (array, i);
  /* mincore() takes whole pages: the ones inside the array's room. */
  start = (const guint8 *) (((guintptr) data + page - 1) & ~(guintptr) (page - 1));
  stop = (const guint8 *) (((guintptr) data + SIZE) & ~(guintptr) (page - 1));
  g_assert_cmpuint (resident_pages (start, stop - start), ==, (stop - start) / page);

  stp_array_release_unused (array, n);
  end = (const guint8 *) (((guintptr) data + (gsize) filled * sizeof (guint64) + page - 1) &
                          ~(guintptr) (page - 1));
  g_assert_cmpuint (resident_pages (start, end - start), ==, (end - start) / page);
  g_assert_cmpuint (resident_pages (end, stop - end), ==, 0);
  for (guint i = 0; i < filled; i++)
    g_assert_cmpuint (g_array_index (array, guint64, i), ==, i);

  /* The room stays: filling on neither moves the array nor loses a value. */
  for (guint64 i = filled; i < n; i++)
    g_array_append_val (array, i);
  g_assert_true ((const guint8 *) array->data == data);
  for (guint i = 0; i < n; i += 997)
    g_assert_cmpuint (g_array_index (array, guint64, i), ==, i);
}

/* With the threshold fixed, a block of 512 KiB is a mapping of its own
 * (given back when freed) even after one of 1 MiB was freed, which
 * would have raised glibc's threshold past it.  Not under ASan, whose
 * allocator glibc's statistics do not see. */
static void
test_fixed_mmap_threshold (void)
{
#if defined (__GLIBC__) && defined (M_MMAP_THRESHOLD) && !defined (UNDER_ASAN)
  gsize before;
  void *big, *block;

  stp_buffer_fix_mmap_threshold ();

  /* Through GLib: the compiler drops a malloc() freed unused. */
  big = g_malloc (1024 * 1024);
  g_free (big);

  before = mallinfo2 ().hblkhd;
  block = g_malloc (512 * 1024);
  g_assert_cmpuint (mallinfo2 ().hblkhd, >=, before + 512 * 1024);
  g_free (block);
  g_assert_cmpuint (mallinfo2 ().hblkhd, ==, before);
#else
  g_test_skip ("glibc's own allocator only");
#endif
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/buffer/populate", test_populate);
  g_test_add_func ("/buffer/fixed-mmap-threshold", test_fixed_mmap_threshold);
  g_test_add_func ("/buffer/array-reserve", test_array_reserve);
  g_test_add_func ("/buffer/array-make-room", test_array_make_room);
  g_test_add_func ("/buffer/array-release-unused", test_array_release_unused);

  return g_test_run ();
}
