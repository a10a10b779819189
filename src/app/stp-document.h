/* stp-document.h: what one load produced
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "stp-compare.h"
#include "stp-links.h"
#include "stp-merge.h"
#include "stp-render-index.h"

G_BEGIN_DECLS

#define STP_TYPE_DOCUMENT (stp_document_get_type ())

G_DECLARE_FINAL_TYPE (StpDocument, stp_document, STP, DOCUMENT, GObject)

StpDocument    *stp_document_new              (GPtrArray      *files,
                                               StpRenderIndex *index,
                                               StpLinks       *links,
                                               double          load_seconds,
                                               gboolean        reanalysis);
GFile          *stp_document_get_file         (StpDocument    *self);
GPtrArray      *stp_document_get_files        (StpDocument    *self);
char           *stp_document_dup_uris         (StpDocument    *self);
void            stp_document_take_compare     (StpDocument    *self,
                                               StpCompareBy    by,
                                               StpCompare     *compare);
const StpCompare *stp_document_get_compare    (StpDocument    *self,
                                               StpCompareBy    by);
gboolean        stp_document_is_comparison    (StpDocument    *self);
void            stp_document_set_clock        (StpDocument    *self,
                                               StpMergeClock   clock);
StpMergeClock   stp_document_get_clock        (StpDocument    *self);
StpTrace       *stp_document_get_trace        (StpDocument    *self);
StpRenderIndex *stp_document_get_index        (StpDocument    *self);
StpLinks       *stp_document_get_links        (StpDocument    *self);
double          stp_document_get_load_seconds (StpDocument    *self);
gboolean        stp_document_is_reanalysis    (StpDocument    *self);

G_END_DECLS
