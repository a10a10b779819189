/* pbtext-test-util.h: helpers shared by the text format tests
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "stp-error.h"
#include "stp-pbtext.h"
#include "tensorflow.pb-c.h"
#include "pbtext-test.pb-c.h"

/* Message types by full name: the tensorflow ones and stptest.AllTypes. */
const ProtobufCMessageDescriptor *descriptor_named   (const char                       *name);
/* A file under tests/data/, path parts NULL-terminated. */
GBytes                           *load               (const char                       *first,
                                                      ...) G_GNUC_NULL_TERMINATED;
char                             *print_or_die       (const ProtobufCMessageDescriptor *desc,
                                                      GBytes                           *wire);
/* @len -1: strlen (@text) */
GBytes                           *parse_or_die       (const ProtobufCMessageDescriptor *desc,
                                                      const char                       *text,
                                                      gssize                            len);
ProtobufCMessage                 *unpack_or_die      (const ProtobufCMessageDescriptor *desc,
                                                      GBytes                           *wire);
void                              assert_parse_error (const ProtobufCMessageDescriptor *desc,
                                                      const char                       *text,
                                                      gsize                             len,
                                                      StpError                          code,
                                                      const char                       *message);
