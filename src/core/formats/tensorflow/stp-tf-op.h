/* stp-tf-op.h: TensorFlow and JAX op names, as the TF profiler reads them
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "stp-wire.h"

G_BEGIN_DECLS

typedef enum
{
  STP_TF_OP_UNKNOWN,
  STP_TF_OP_TENSORFLOW,     /* scope/name:CamelType */
  STP_TF_OP_JAX,            /* jit(f)/scope/name:lower_type[...] */
  STP_TF_OP_TF_DATA,        /* Iterator::Batch::Map */
  STP_TF_OP_MEMCPY_HTOD,
  STP_TF_OP_MEMCPY_DTOH,
  STP_TF_OP_MEMCPY_DTOD,
  STP_TF_OP_MEMCPY_HTOH,
} StpTfOpCategory;

/* Spans point into the parsed full name, or at static strings. */
typedef struct
{
  StpTfOpCategory category;
  StpSpan         name;     /* the op name with its scopes (the whole input if unknown) */
  StpSpan         type;     /* "" if unknown */
} StpTfOp;

void     stp_tf_op_parse          (const char    *full_name,
                                   gsize          len,
                                   StpTfOp       *op);

/* The name scopes of a TensorFlow or JAX op: its name split at '/',
 * without the last part (the op itself).  Returns how many there are;
 * fills at most max_scopes of them. */
guint    stp_tf_op_name_scopes    (const StpTfOp *op,
                                   StpSpan       *scopes,
                                   guint          max_scopes);

/* The name the profiler shows for the op (and colours by): its type;
 * "Iterator::<last>" for tf.data; the name without trailing spaces for
 * anything else. */
void     stp_tf_op_append_event_name (const StpTfOp *op,
                                      GString       *out);

gboolean stp_tf_op_is_op          (const StpTfOp *op);

/* Whether a name has the shape of a TensorFlow node name (with scopes):
 * [A-Za-z0-9.][A-Za-z0-9_./>-]* */
gboolean stp_tf_op_is_node_name   (const char    *name,
                                   gsize          len);

G_END_DECLS
