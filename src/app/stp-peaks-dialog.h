/* stp-peaks-dialog.h: the memory peak inspector
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "stp-peaks.h"
#include "stp-session.h"

G_BEGIN_DECLS

#define STP_TYPE_PEAKS_DIALOG (stp_peaks_dialog_get_type ())

G_DECLARE_FINAL_TYPE (StpPeaksDialog, stp_peaks_dialog, STP, PEAKS_DIALOG, AdwWindow)

StpPeaksDialog *stp_peaks_dialog_new        (GtkWindow      *parent,
                                             StpSession     *session);
/* What is listed: StpPeak per allocator, tensors largest first. */
GPtrArray      *stp_peaks_dialog_get_peaks  (StpPeaksDialog *self);
/* The allocator page shown, and its rows as listed (sorted by the user). */
guint           stp_peaks_dialog_get_page   (StpPeaksDialog *self);
void            stp_peaks_dialog_set_page   (StpPeaksDialog *self,
                                             guint           allocator);
guint           stp_peaks_dialog_get_n_rows (StpPeaksDialog *self);
const StpPeakTensor *stp_peaks_dialog_get_row (StpPeaksDialog *self,
                                             guint           position);
/* Activates a row of the shown page, as a click would. */
void            stp_peaks_dialog_activate   (StpPeaksDialog *self,
                                             guint           position);

G_END_DECLS
