/* stp-pbtext.h: protobuf text format, driven by protobuf-c descriptors
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>
#include <protobuf-c/protobuf-c.h>

G_BEGIN_DECLS

/* Where the first field name of text format is: past white space and
 * "#" comments, as telling formats apart by it needs. */
gsize     stp_pbtext_first_name_at (const guint8 *text,
                                    gsize         len);
/* Just past the field name at `at`: its letters, digits and '_'. */
gsize     stp_pbtext_name_end      (const guint8 *text,
                                    gsize         len,
                                    gsize         at);
/* Whether the field name at `at` is `name` whole, not the start of a
 * longer one. */
gboolean  stp_pbtext_name_is       (const guint8 *text,
                                    gsize         len,
                                    gsize         at,
                                    const char   *name);

/* The deepest message nesting either direction accepts (as protobuf's
 * own parsers). */
#define STP_PBTEXT_MAX_DEPTH 100

/* Parses protobuf text format (what TensorFlow, protoc --decode and
 * Python's text_format write) as a message of type @desc and returns
 * its binary wire encoding.  Fields are encoded in the order given;
 * unknown fields, extensions and Any expansions are skipped.
 *
 * Errors are STP_ERROR_CORRUPT (STP_ERROR_LIMIT for nesting deeper than
 * STP_PBTEXT_MAX_DEPTH) with a message "line L, column C: ..."; the
 * caller adds the file name. */
GBytes   *stp_pbtext_parse (const ProtobufCMessageDescriptor *desc,
                            const char                       *text,
                            gsize                             len,
                            GError                          **error);

/* Appends the text format of the wire-encoded message @wire of type
 * @desc to @out, byte for byte as Python's str(message) prints it
 * (text_format.MessageToString with as_utf8=False): fields by number,
 * proto3 presence, map entries sorted by key, unknown fields left out.
 * On malformed input returns FALSE with STP_ERROR_CORRUPT,
 * STP_ERROR_TRUNCATED or STP_ERROR_LIMIT; @out may then hold a part. */
gboolean  stp_pbtext_print (const ProtobufCMessageDescriptor *desc,
                            const guint8                     *wire,
                            gsize                             len,
                            GString                          *out,
                            GError                          **error);

G_END_DECLS
