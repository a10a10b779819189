/* adversarial-inputs.h: traces built to be worst cases
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each generator builds an input of n events in memory; bench-adversarial
 * documents what each one stresses.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef GBytes *(*AdversarialGenerator) (guint n);

typedef struct
{
  const char          *name;
  AdversarialGenerator generate;
  gboolean             show_memory;   /* StepStats: allocator counters and tensors */
} AdversarialCase;

extern const AdversarialCase adversarial_cases[];
extern const guint           adversarial_n_cases;

GBytes *adversarial_staggered          (guint n);
GBytes *adversarial_same_ts            (guint n);
GBytes *adversarial_unbalanced         (guint n);
GBytes *adversarial_step_stats         (guint n);
GBytes *adversarial_counter_keys       (guint n);
GBytes *adversarial_counter_same_ts    (guint n);
GBytes *adversarial_distinct           (guint n);
GBytes *adversarial_async_one_id       (guint n);
GBytes *adversarial_step_stats_outputs (guint n);

G_END_DECLS
