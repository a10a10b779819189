/* stp-details-panel-private.h: the details panel, shared by its files
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * stp-details-panel.c lays out sections; stp-details-panel-args.c the
 * args tree of a slice; stp-details-panel-rows.c how a property row and
 * a title look; stp-details-panel-items.c several slices selected at once.
 */

#pragma once

#include <adwaita.h>

#include "stp-details-panel.h"

G_BEGIN_DECLS

struct _StpDetailsPanel
{
  GtkWidget       parent_instance;

  GtkWidget      *scroller;
  GtkWidget      *box;
  GtkSizeGroup   *labels;      /* the property rows' labels, one column */

  StpSession     *session;
  StpTrace       *trace;       /* of the details shown */
  StpDetails     *details;
  GString        *text;
  GArray         *links;       /* StpItemRef */
  GPtrArray      *link_rows;
};

/* A "label: value" row; labels in `labels` share one width. */
GtkWidget *stp_details_panel_property_row  (GtkSizeGroup    *labels,
                                            const char      *label,
                                            const char      *value,
                                            gboolean         monospace);
/* The value of the first property row under `root` labelled `label`,
 * outside expanded args; NULL if none. */
const char *stp_details_panel_find_value   (GtkWidget       *root,
                                            const char      *label);
/* The name as the title, and `kind` under it; returns whether the
 * title shows the whole name.  Where it does not, the first group ends
 * with it in full (add_whole_name), after the facts a glance looks for. */
gboolean   stp_details_panel_add_header    (StpDetailsPanel *self,
                                            const char      *kind);
void       stp_details_panel_add_whole_name (StpDetailsPanel *self,
                                             GtkWidget       *group);
GtkWidget *stp_details_panel_add_group     (StpDetailsPanel *self,
                                            const char      *title);
void       stp_details_panel_add_property  (StpDetailsPanel *self,
                                            GtkWidget       *group,
                                            const char      *label,
                                            const char      *value);

/* For tests: the value shown for a field (by its label as shown), the
 * rows that link to other items (StpItemRef, in order), and a click on
 * the n-th of them. */
const char *stp_details_panel_lookup        (StpDetailsPanel *self,
                                             const char      *label);
GArray     *stp_details_panel_get_links     (StpDetailsPanel *self);
void        stp_details_panel_activate_link (StpDetailsPanel *self,
                                             guint            n);

/* stp-details-panel-items.c: several slices, summed up by name. */
void       stp_details_panel_show_items    (StpDetailsPanel *self,
                                            StpTrace        *trace,
                                            GArray          *items);

/* stp-details-panel-args.c: the args as a tree under `title`. */
void       stp_details_panel_add_args      (StpDetailsPanel *self,
                                            const char      *title);

G_END_DECLS
