/* stp-render-curves.c: thin curves, stroked fast on image surfaces
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Flow arrows are long thin curves, often across most of the view's
 * height.  cairo 1.16 rasterizes a stroke with a cost for every pixel
 * row it spans, whatever the width: 0.1-0.3 ms for one arrow down a
 * 1080-pixel view, so the 70 arrows of a zoomed-in Kineto step took
 * most of a frame.  On an image surface, curves are instead written
 * into one alpha mask from the distance of each pixel near a curve to
 * its flattened segments, and the current source is painted through
 * that mask once.  On other surfaces (SVG, PDF) cairo strokes them, so
 * they stay paths.
 */

#define G_LOG_DOMAIN "stp-render-curves"

#include "stp-render-curves.h"

#include <math.h>
#include <string.h>

/* A curve is split in halves until each part's control points are
 * within this many pixels of its chord, and the part drawn as that
 * chord; never into more than 2^MAX_SPLITS parts. */
#define FLATNESS_PX  0.1
#define MAX_SPLITS   10

typedef struct
{
  guint8 *data;
  int     stride;
  int     x, y;            /* its first pixel, in the target's pixels */
  int     width, height;
  double  half;            /* half the line width, in pixels */
} Mask;

/* The target's pixels as seen from user space. */
typedef struct
{
  cairo_matrix_t to_pixels;  /* the CTM, then the device scale and offset */
  double         scale;      /* user units to pixels, the same both ways */
  double         device_scale;
  double         offset_x, offset_y;
} PixelSpace;

/* The most of any segment: joints and crossings are not drawn twice. */
static inline void
cover (guint8 *p,
       double  coverage)
{
  guint8 a = (guint8) (CLAMP (coverage, 0, 1) * 255 + 0.5);

  *p = MAX (*p, a);
}

/* Distance from (px, py) to the segment from (ax, ay) along (dx, dy). */
static inline double
segment_distance (double ax,
                  double ay,
                  double dx,
                  double dy,
                  double px,
                  double py)
{
  double len2 = dx * dx + dy * dy;
  double wx = px - ax, wy = py - ay;
  double k = len2 > 0 ? CLAMP ((wx * dx + wy * dy) / len2, 0, 1) : 0;
  double ex = k * dx - wx, ey = k * dy - wy;

  return sqrt (ex * ex + ey * ey);
}

/* floor() and ceil() of v, within [lo, hi], inline: without SSE4.1
 * each is a call into libm, and a segment takes two for every row. */
static inline int
floor_within (double v,
              int    lo,
              int    hi)
{
  int i;

  if (!(v >= lo))
    return lo;
  if (v > hi)
    return hi;
  i = (int) v;
  return i - (v < i);
}

static inline int
ceil_within (double v,
             int    lo,
             int    hi)
{
  return -floor_within (-v, -hi, -lo);
}

/* A segment as add_segment() walks it: along its major axis (rows
 * when it is steep), u, and across it, v, from its start a. */
typedef struct
{
  double a_major, a_minor;
  double d_major, d_minor;     /* b - a */
  double inv_len, inv_major;
  double reach;                /* half the width, and half a pixel */
  double across;               /* the line's extent across the major axis, from its centre */
  int    n_minor;
  gsize  step_major;           /* bytes from a pixel to the next along u */
  gsize  step_minor;           /* and along v */
} Segment;

/* Row u of the segment, near one of its ends: a pixel's coverage is
 * how far its centre is inside the line's edge, measured from the
 * segment (from the line beside it, else from the nearer end). */
static void
add_end_row (Mask          *m,
             const Segment *s,
             int            u)
{
  double wu = u + 0.5 - s->a_major;
  double vc = s->a_minor + CLAMP (wu * s->inv_major, 0, 1) * s->d_minor;
  /* The pixels whose centres (v + 0.5) are within `across`. */
  int v_first = ceil_within (vc - s->across - 0.5, 0, s->n_minor);
  int v_last = floor_within (vc + s->across - 0.5, -1, s->n_minor - 1);

  for (int v = v_first; v <= v_last; v++)
    {
      double distance = segment_distance (0, 0, s->d_major, s->d_minor, wu, v + 0.5 - s->a_minor);

      cover (&m->data[u * s->step_major + v * s->step_minor], s->reach - distance);
    }
}

/* Rows u_first to u_last, whose pixels all fall beside the segment: a
 * pixel's distance from the line is its offset across from the line's
 * centre in that row, times the cosine of the line's angle.  A long
 * segment is all such rows but a few at each end. */
static void
add_middle_rows (Mask          *m,
                 const Segment *s,
                 int            u_first,
                 int            u_last)
{
  double slope = s->d_minor * s->inv_major;
  double cosine = fabs (s->d_major) * s->inv_len;
  double vc = s->a_minor + (u_first + 0.5 - s->a_major) * slope;

  for (int u = u_first; u <= u_last; u++, vc += slope)
    {
      int v_first = ceil_within (vc - s->across - 0.5, 0, s->n_minor);
      int v_last = floor_within (vc + s->across - 0.5, -1, s->n_minor - 1);
      double offset = v_first + 0.5 - vc;
      guint8 *p;

      if (v_first > v_last)
        continue;
      p = &m->data[u * s->step_major + v_first * s->step_minor];
      for (int v = v_first; v <= v_last; v++, offset += 1, p += s->step_minor)
        cover (p, s->reach - fabs (offset) * cosine);
    }
}

/* The same rows of a segment at most half as steep as it is long, whose
 * rows are the mask's columns: walked instead along the mask's own
 * rows, each a run of pixels side by side in memory, rather than a few
 * pixels a column across as many rows.  (A crowd of flows crossing a
 * zoomed-in view is hundreds of such lines, each the view's width.)
 * A pixel further than `across` from the line gets no coverage, so a
 * row's run need only span those within it, and a pixel or so more. */
static void
add_middle_flat (Mask          *m,
                 const Segment *s,
                 int            u_first,
                 int            u_last)
{
  double slope = s->d_minor * s->inv_major;
  /* Level within a millionth: every row takes the whole run (the
   * coverage leaves out what is too far), and 1 / slope stays finite. */
  gboolean level = fabs (slope) < 1e-6;
  double inv_slope = level ? 0 : 1 / slope;
  double cosine = fabs (s->d_major) * s->inv_len;
  double vc_first = s->a_minor + (u_first + 0.5 - s->a_major) * slope;
  double vc_last = s->a_minor + (u_last + 0.5 - s->a_major) * slope;
  int v_first = ceil_within (MIN (vc_first, vc_last) - s->across - 0.5, 0, s->n_minor);
  int v_last = floor_within (MAX (vc_first, vc_last) + s->across - 0.5, -1, s->n_minor - 1);

  if (u_first > u_last)
    return;
  for (int v = v_first; v <= v_last; v++)
    {
      /* Pixel u's offset across from the line's centre is k - u * slope. */
      double k = v + 0.5 - s->a_minor + (s->a_major - 0.5) * slope;
      guint8 *row = &m->data[(gsize) v * m->stride];
      int lo = u_first, hi = u_last;

      if (!level)
        {
          double u_a = (k - s->across) * inv_slope, u_b = (k + s->across) * inv_slope;

          lo = ceil_within (MIN (u_a, u_b) - 1, u_first, u_last + 1);
          hi = floor_within (MAX (u_a, u_b) + 1, u_first - 1, u_last);
        }
      for (int u = lo; u <= hi; u++)
        cover (&row[u], s->reach - fabs (k - u * slope) * cosine);
    }
}

/* The segment a-b as a line `half` wide with round ends.  It walks its
 * major axis a pixel at a time (rows when it is steep) and looks at the
 * few pixels across the line there. */
static void
add_segment (Mask   *m,
             double  ax,
             double  ay,
             double  bx,
             double  by,
             double  half)
{
  gboolean steep = fabs (by - ay) >= fabs (bx - ax);
  int n_major = steep ? m->height : m->width;
  int first, last, middle_first, middle_last;
  double len2, margin;
  Segment s;

  s.a_major = steep ? ay : ax;
  s.a_minor = steep ? ax : ay;
  s.d_major = (steep ? by : bx) - s.a_major;
  s.d_minor = (steep ? bx : by) - s.a_minor;
  len2 = s.d_major * s.d_major + s.d_minor * s.d_minor;
  s.inv_len = len2 > 0 ? 1 / sqrt (len2) : 0;
  s.inv_major = s.d_major != 0 ? 1 / s.d_major : 0;
  s.reach = half + 0.5;
  s.across = s.d_major != 0 ? s.reach * sqrt (len2) * fabs (s.inv_major) : s.reach;
  s.n_minor = steep ? m->width : m->height;
  s.step_major = steep ? (gsize) m->stride : 1;
  s.step_minor = steep ? 1 : (gsize) m->stride;

  first = floor_within (MIN (s.a_major, s.a_major + s.d_major) - s.reach, 0, n_major);
  last = floor_within (MAX (s.a_major, s.a_major + s.d_major) + s.reach, -1, n_major - 1);

  /* A row's pixels lie within `across` (half a pixel more, to be safe)
   * of its centre on the line, which is t along the segment; they fall
   * beside it where t is at least `margin` from either end. */
  margin = (s.across + 0.5) * fabs (s.d_minor) * s.inv_len * s.inv_len;
  middle_first = last + 1;
  middle_last = last;
  if (s.d_major != 0 && margin < 0.5)
    {
      double u_a = s.a_major - 0.5 + margin * s.d_major;
      double u_b = s.a_major - 0.5 + (1 - margin) * s.d_major;

      middle_first = ceil_within (MIN (u_a, u_b), first, last + 1);
      middle_last = floor_within (MAX (u_a, u_b), first - 1, last);
    }
  if (middle_first > middle_last)
    {
      middle_first = last + 1;
      middle_last = last;
    }

  for (int u = first; u < middle_first; u++)
    add_end_row (m, &s, u);
  if (!steep && 2 * fabs (s.d_minor) <= fabs (s.d_major))
    add_middle_flat (m, &s, middle_first, middle_last);
  else
    add_middle_rows (m, &s, middle_first, middle_last);
  for (int u = middle_last + 1; u <= last; u++)
    add_end_row (m, &s, u);
}

void
stp_cubic_point (const StpCubic *c,
                 double          t,
                 double         *x,
                 double         *y)
{
  double u = 1 - t;
  double c0 = u * u * u, c1 = 3 * u * u * t, c2 = 3 * u * t * t, c3 = t * t * t;

  *x = c0 * c->x[0] + c1 * c->x[1] + c2 * c->x[2] + c3 * c->x[3];
  *y = c0 * c->y[0] + c1 * c->y[1] + c2 * c->y[2] + c3 * c->y[3];
}

/* Distance from (px, py) to the curve, through 48 points of it: enough
 * to tell which arrow a click is on. */
double
stp_cubic_distance (const StpCubic *c,
                    double          px,
                    double          py)
{
  double best = G_MAXDOUBLE, ax = c->x[0], ay = c->y[0];

  for (int i = 1; i <= 48; i++)
    {
      double bx, by;

      stp_cubic_point (c, i / 48.0, &bx, &by);
      best = MIN (best, segment_distance (ax, ay, bx - ax, by - ay, px, py));
      ax = bx;
      ay = by;
    }
  return best;
}

/* Whether both control points are within FLATNESS_PX of the chord's
 * line (compared times the chord's length, which saves a square root):
 * the curve, within their hull, is then as near. */
static gboolean
is_flat (const StpCubic *c)
{
  double dx = c->x[3] - c->x[0], dy = c->y[3] - c->y[0];
  double len2 = dx * dx + dy * dy;
  double d1 = fabs ((c->x[1] - c->x[0]) * dy - (c->y[1] - c->y[0]) * dx);
  double d2 = fabs ((c->x[2] - c->x[0]) * dy - (c->y[2] - c->y[0]) * dx);
  double limit = FLATNESS_PX * FLATNESS_PX * len2;

  /* A chord of next to no length: flat if its control points are near. */
  if (len2 < 1e-6)
    return hypot (c->x[1] - c->x[0], c->y[1] - c->y[0]) < FLATNESS_PX &&
           hypot (c->x[2] - c->x[0], c->y[2] - c->y[0]) < FLATNESS_PX;
  return d1 * d1 <= limit && d2 * d2 <= limit;
}

/* The two halves of c, by de Casteljau's construction. */
static void
split (const StpCubic *c,
       StpCubic       *left,
       StpCubic       *right)
{
  for (guint axis = 0; axis < 2; axis++)
    {
      const double *p = axis == 0 ? c->x : c->y;
      double *l = axis == 0 ? left->x : left->y;
      double *r = axis == 0 ? right->x : right->y;
      double p01 = (p[0] + p[1]) / 2, p12 = (p[1] + p[2]) / 2, p23 = (p[2] + p[3]) / 2;
      double p012 = (p01 + p12) / 2, p123 = (p12 + p23) / 2;
      double mid = (p012 + p123) / 2;

      l[0] = p[0], l[1] = p01, l[2] = p012, l[3] = mid;
      r[0] = mid, r[1] = p123, r[2] = p23, r[3] = p[3];
    }
}

/* Long flat stretches become long segments: a segment's round ends
 * cost as much as its length, so fewer segments draw faster. */
static void
add_cubic (Mask           *m,
           const StpCubic *c,
           guint           depth)
{
  StpCubic left, right;

  if (depth == MAX_SPLITS || is_flat (c))
    {
      add_segment (m, c->x[0], c->y[0], c->x[3], c->y[3], m->half);
      return;
    }
  split (c, &left, &right);
  add_cubic (m, &left, depth + 1);
  add_cubic (m, &right, depth + 1);
}

/* user space -> the target's pixels: the CTM, then the surface's
 * device scale and offset (which cairo_user_to_device() leaves out).
 * FALSE where the mask cannot stand for a stroke: not an image, or
 * rotated, sheared or stretched. */
static gboolean
pixel_space (cairo_t         *cr,
             cairo_surface_t *target,
             PixelSpace      *space)
{
  cairo_matrix_t ctm, device;
  double sx, sy;

  if (cairo_surface_get_type (target) != CAIRO_SURFACE_TYPE_IMAGE)
    return FALSE;
  cairo_get_matrix (cr, &ctm);
  cairo_surface_get_device_scale (target, &sx, &sy);
  cairo_surface_get_device_offset (target, &space->offset_x, &space->offset_y);
  if (ctm.xy != 0 || ctm.yx != 0 || ctm.xx != ctm.yy || ctm.xx <= 0 || sx != sy || sx <= 0)
    return FALSE;

  cairo_matrix_init (&device, sx, 0, 0, sy, space->offset_x, space->offset_y);
  cairo_matrix_multiply (&space->to_pixels, &ctm, &device);
  space->scale = ctm.xx * sx;
  space->device_scale = sx;
  return TRUE;
}

static void
stroke_with_cairo (cairo_t        *cr,
                   const StpCubic *cubics,
                   guint           n_cubics,
                   double          width)
{
  cairo_save (cr);
  cairo_set_line_width (cr, width);
  /* A stroke per curve: cairo rasterizes many short paths faster than
   * one path whose long curves all cross each other. */
  for (guint i = 0; i < n_cubics; i++)
    {
      const StpCubic *c = &cubics[i];

      cairo_move_to (cr, c->x[0], c->y[0]);
      cairo_curve_to (cr, c->x[1], c->y[1], c->x[2], c->y[2], c->x[3], c->y[3]);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

/* The pixels the curves can touch (in `pixels`, already in the
 * target's pixels), within the clip and the target; FALSE if none. */
static gboolean
mask_box (cairo_t               *cr,
          cairo_surface_t       *target,
          const cairo_matrix_t  *to_pixels,
          const GArray          *pixels,
          Mask                  *m)
{
  double reach = m->half + 1;
  double lo_x = G_MAXDOUBLE, lo_y = G_MAXDOUBLE, hi_x = -G_MAXDOUBLE, hi_y = -G_MAXDOUBLE;
  double x0, y0, x1, y1;

  /* A curve stays within its control points. */
  for (guint i = 0; i < pixels->len; i++)
    {
      const StpCubic *c = &g_array_index (pixels, StpCubic, i);

      for (guint k = 0; k < 4; k++)
        {
          lo_x = MIN (lo_x, c->x[k] - reach);
          hi_x = MAX (hi_x, c->x[k] + reach);
          lo_y = MIN (lo_y, c->y[k] - reach);
          hi_y = MAX (hi_y, c->y[k] + reach);
        }
    }

  cairo_clip_extents (cr, &x0, &y0, &x1, &y1);
  cairo_matrix_transform_point (to_pixels, &x0, &y0);
  cairo_matrix_transform_point (to_pixels, &x1, &y1);
  lo_x = MAX (lo_x, MAX (x0, 0));
  lo_y = MAX (lo_y, MAX (y0, 0));
  hi_x = MIN (hi_x, MIN (x1, cairo_image_surface_get_width (target)));
  hi_y = MIN (hi_y, MIN (y1, cairo_image_surface_get_height (target)));
  if (lo_x >= hi_x || lo_y >= hi_y)
    return FALSE;

  m->x = (int) floor (lo_x);
  m->y = (int) floor (lo_y);
  m->width = (int) ceil (hi_x) - m->x;
  m->height = (int) ceil (hi_y) - m->y;
  return TRUE;
}

/* The current source through the mask, pixel for pixel: the mask at
 * the target's own scale, placed at its first pixel. */
static void
paint_through (cairo_t          *cr,
               const PixelSpace *space,
               cairo_surface_t  *mask,
               const Mask       *m)
{
  double s = space->device_scale;

  cairo_surface_set_device_scale (mask, s, s);
  cairo_save (cr);
  cairo_identity_matrix (cr);
  cairo_mask_surface (cr, mask, (m->x - space->offset_x) / s, (m->y - space->offset_y) / s);
  cairo_restore (cr);
}

/* An A8 surface of the box's size, cleared: on `scratch`'s bytes when
 * there is one.  A mask of a view's size is a few hundred pages, and a
 * page first written costs its fault (13-14 µs on our test host), so
 * frames keep one rather than take new pages each time. */
static cairo_surface_t *
mask_surface (const Mask *m,
              GByteArray *scratch)
{
  int stride = cairo_format_stride_for_width (CAIRO_FORMAT_A8, m->width);

  if (scratch == NULL || stride <= 0)
    return cairo_image_surface_create (CAIRO_FORMAT_A8, m->width, m->height);
  g_byte_array_set_size (scratch, (guint) stride * m->height);
  memset (scratch->data, 0, scratch->len);
  return cairo_image_surface_create_for_data (scratch->data, CAIRO_FORMAT_A8, m->width, m->height, stride);
}

/**
 * stp_render_stroke_cubics:
 * @width: the line width, in user units
 * @scratch: (nullable): bytes the mask is kept in between calls
 *
 * Strokes each curve with the current source, as cairo_stroke() would
 * with round caps; where curves cross, the source is painted once.
 */
void
stp_render_stroke_cubics (cairo_t        *cr,
                          const StpCubic *cubics,
                          guint           n_cubics,
                          double          width,
                          GByteArray     *scratch)
{
  cairo_surface_t *target = cairo_get_group_target (cr);
  g_autoptr(GArray) pixels = NULL;
  cairo_surface_t *mask;
  PixelSpace space;
  Mask m;

  if (n_cubics == 0)
    return;
  if (!pixel_space (cr, target, &space))
    {
      stroke_with_cairo (cr, cubics, n_cubics, width);
      return;
    }

  pixels = g_array_sized_new (FALSE, FALSE, sizeof (StpCubic), n_cubics);
  for (guint i = 0; i < n_cubics; i++)
    {
      StpCubic c = cubics[i];

      for (guint k = 0; k < 4; k++)
        cairo_matrix_transform_point (&space.to_pixels, &c.x[k], &c.y[k]);
      g_array_append_val (pixels, c);
    }

  m.half = width * space.scale / 2;
  if (!mask_box (cr, target, &space.to_pixels, pixels, &m))
    return;
  mask = mask_surface (&m, scratch);
  if (cairo_surface_status (mask) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (mask);
      stroke_with_cairo (cr, cubics, n_cubics, width);
      return;
    }

  cairo_surface_flush (mask);
  m.data = cairo_image_surface_get_data (mask);
  m.stride = cairo_image_surface_get_stride (mask);
  for (guint i = 0; i < pixels->len; i++)
    {
      StpCubic c = g_array_index (pixels, StpCubic, i);

      for (guint k = 0; k < 4; k++)
        {
          c.x[k] -= m.x;
          c.y[k] -= m.y;
        }
      add_cubic (&m, &c, 0);
    }
  cairo_surface_mark_dirty (mask);

  paint_through (cr, &space, mask, &m);
  cairo_surface_destroy (mask);
}
