/* stp-buffer.c: large buffers backed by huge pages
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Reading a 227 MB StepStats into malloc'd memory took 1.5 s on the
 * development VM, nearly all of it in page faults on fresh 4 KiB pages;
 * into memory advised as MADV_HUGEPAGE it took 0.1-0.2 s.  Buffers of a
 * few megabytes and more are therefore mapped directly and advised so;
 * where transparent huge pages are off this is an ordinary mapping.
 *
 * The faults themselves cost more than the memory: on that VM each one
 * took ~10 µs, while MADV_POPULATE_WRITE mapped 41 MB in 2 ms.  So
 * memory that is about to be filled is mapped in with one call
 * (stp_buffer_populate) rather than a fault at a time as it is written:
 * the 1M-node StepStats conversion went from 60,000 faults to 9,000.
 */

#define G_LOG_DOMAIN "stp-buffer"

#include "stp-buffer.h"

#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

#define HUGE_THRESHOLD     (4 * 1024 * 1024)
#define POPULATE_THRESHOLD (64 * 1024)

typedef struct
{
  guint8 *data;
  gsize   size;
} Mapping;

/* glibc gives blocks of 128 KiB and more mappings of their own, and
 * each time it frees such a block it raises that threshold to the
 * block's size (up to 32 MiB).  A load frees arrays of a few megabytes
 * as it goes, so later ones came from the heap, where freed memory
 * stays: a fixed threshold took the generated 1M Chrome trace's peak
 * from 68 to 61 MiB, and a 100k-node conversion with memory shown
 * from 82 to 68 MiB, at the same speed (bench/README.md, stop 44). */
void
stp_buffer_fix_mmap_threshold (void)
{
#ifdef M_MMAP_THRESHOLD
  mallopt (M_MMAP_THRESHOLD, 128 * 1024);
#endif
}

guint8 *
stp_buffer_alloc (gsize size)
{
  void *data;

  if (size < HUGE_THRESHOLD)
    return g_malloc (MAX (size, 1));

  data = mmap (NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (data == MAP_FAILED)
    g_error ("stp-buffer: could not map %" G_GSIZE_FORMAT " bytes", size);

#ifdef MADV_HUGEPAGE
  madvise (data, size, MADV_HUGEPAGE);
#endif
  stp_buffer_populate (data, size);

  return data;
}

void
stp_buffer_populate (gpointer data,
                     gsize    size)
{
#ifdef MADV_POPULATE_WRITE
  gsize page = sysconf (_SC_PAGESIZE);
  guintptr start = (guintptr) data & ~(guintptr) (page - 1);

  /* Whole pages around the range: they belong to the same mapping.
   * Kernels before 5.14 refuse, and then pages fault in as they are
   * written, as they always did. */
  if (size >= POPULATE_THRESHOLD)
    madvise ((void *) start, size + ((guintptr) data - start), MADV_POPULATE_WRITE);
#endif
}

gboolean
stp_buffer_is_mapped (gsize size)
{
  return size >= HUGE_THRESHOLD;
}

void
stp_buffer_free (guint8 *buffer,
                 gsize   size)
{
  if (buffer == NULL)
    return;

  if (size < HUGE_THRESHOLD)
    g_free (buffer);
  else
    munmap (buffer, size);
}

static void
mapping_free (gpointer data)
{
  Mapping *mapping = data;

  stp_buffer_free (mapping->data, mapping->size);
  g_free (mapping);
}

GBytes *
stp_buffer_to_bytes (guint8 *buffer,
                     gsize   size,
                     gsize   len)
{
  Mapping *mapping = g_new (Mapping, 1);

  g_return_val_if_fail (len <= size, NULL);

  mapping->data = buffer;
  mapping->size = size;
  return g_bytes_new_with_free_func (buffer, len, mapping_free, mapping);
}

/* Huge pages are not advised here: a thread's slices sized so (Chrome
 * JSON) made test-cancel's staggered load go idle 45-84 ms after a
 * cancel instead of 16-38 ms, as faults waited on huge pages. */
void
stp_array_make_room (GArray *array,
                     guint   n)
{
  guint len;

  g_return_if_fail (array != NULL);

  len = array->len;
  if (n > len)
    {
      g_array_set_size (array, n);
      g_array_set_size (array, len);
    }
}

static void
reserve (GArray *array,
         guint   n)
{
  gsize bytes, page;
  guintptr start;

  stp_array_make_room (array, n);

  bytes = (gsize) n * g_array_get_element_size (array);
  if (bytes < HUGE_THRESHOLD)
    return;

#ifdef MADV_HUGEPAGE
  page = sysconf (_SC_PAGESIZE);
  start = (guintptr) array->data & ~(guintptr) (page - 1);
  madvise ((void *) start, bytes + ((guintptr) array->data - start), MADV_HUGEPAGE);
#endif
}

void
stp_array_reserve (GArray *array,
                   guint   n)
{
  guint elt;

  g_return_if_fail (array != NULL);

  if (n <= array->len)
    return;

  reserve (array, n);
  elt = g_array_get_element_size (array);
  stp_buffer_populate (array->data + (gsize) array->len * elt, (gsize) (n - array->len) * elt);
}

void
stp_array_reserve_at_most (GArray *array,
                           guint   n)
{
  g_return_if_fail (array != NULL);

  if (n > array->len)
    reserve (array, n);
}

void
stp_array_populate_ahead (GArray *array,
                          guint   reserved,
                          guint   n)
{
  guint elt;
  guint end;

  g_return_if_fail (array != NULL);

  end = array->len + MIN (n, reserved - MIN (reserved, array->len));
  elt = g_array_get_element_size (array);
  if (end > array->len)
    stp_buffer_populate (array->data + (gsize) array->len * elt, (gsize) (end - array->len) * elt);
}

void
stp_array_release_unused (GArray *array,
                          guint   reserved)
{
  gsize page = sysconf (_SC_PAGESIZE);
  guint elt;
  guintptr start, end;

  g_return_if_fail (array != NULL);

  if (reserved <= array->len)
    return;

  /* Whole pages only: the page the data ends in stays. */
  elt = g_array_get_element_size (array);
  start = ((guintptr) array->data + (gsize) array->len * elt + page - 1) & ~(guintptr) (page - 1);
  end = ((guintptr) array->data + (gsize) reserved * elt) & ~(guintptr) (page - 1);
  if (end > start)
    madvise ((void *) start, end - start, MADV_DONTNEED);
}
