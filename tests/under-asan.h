/* under-asan.h: UNDER_ASAN, defined when the tests run under AddressSanitizer
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * gcc says it is on with a macro, clang with a feature.
 */

#pragma once

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
