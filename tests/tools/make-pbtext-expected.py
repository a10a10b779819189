#!/usr/bin/python3
# make-pbtext-expected.py: what Python protobuf prints, for test-pbtext
#
# Copyright 2026 The Stepscope developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Writes tests/data/pbtext/<case>.pb (wire bytes) and <case>.txt
# (Python's str() of the message read back from those bytes, which is
# text_format.MessageToString(m), as_utf8=False), and index.txt listing
# "<case> <message type>" a line.  The test run only reads the outputs.
#
# Run by hand with the Debian packages python3-protobuf and
# protobuf-compiler:   /usr/bin/python3 tests/tools/make-pbtext-expected.py
#
# The pure-Python protobuf implementation is forced: its str() is
# text_format, while the C++ one prints floats with the C++ printer.

import os
import random
import struct
import subprocess
import sys
import tempfile

os.environ['PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION'] = 'python'

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OUT = os.path.join(ROOT, 'tests', 'data', 'pbtext')

tmp = tempfile.mkdtemp(prefix='pbtext-pb2-')
for proto_dir, proto in ((os.path.join(ROOT, 'proto'), 'tensorflow.proto'),
                         (os.path.join(ROOT, 'tests'), 'pbtext-test.proto')):
    subprocess.run(['protoc', '--python_out=' + tmp, '--proto_path=' + proto_dir,
                    os.path.join(proto_dir, proto)], check=True)
sys.path.insert(0, tmp)

from google.protobuf import text_format  # noqa: E402
from google.protobuf.internal import api_implementation  # noqa: E402
import tensorflow_pb2 as tf  # noqa: E402
import pbtext_test_pb2 as t  # noqa: E402

assert api_implementation.Type() == 'python'

cases = []


def add(name, message):
    cases.append((name, type(message), message.SerializeToString()))


def add_wire(name, cls, data):
    cases.append((name, cls, bytes(data)))


# ---- wire building, for encodings Python's serializer never writes ----

def varint(v):
    v &= (1 << 64) - 1
    out = bytearray()
    while True:
        b = v & 0x7f
        v >>= 7
        if v:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def tag(number, wire_type):
    return varint(number << 3 | wire_type)


def f_varint(number, v):
    return tag(number, 0) + varint(v)


def f_len(number, data):
    return tag(number, 2) + varint(len(data)) + data


def f_fixed32(number, v):
    return tag(number, 5) + struct.pack('<I', v & 0xffffffff)


def f_fixed64(number, v):
    return tag(number, 1) + struct.pack('<Q', v & (1 << 64) - 1)


# ---- TensorDescription, as timeline.py prints it ----

td = tf.TensorDescription(dtype=tf.DT_FLOAT)
td.shape.dim.add(size=2)
td.shape.dim.add(size=3)
a = td.allocation_description
a.requested_bytes = 24
a.allocated_bytes = 256
a.allocator_name = 'GPU_0_bfc'
a.allocation_id = 7
a.has_single_reference = True
a.ptr = 140234567123
add('td-basic', td)

td = tf.TensorDescription(dtype=tf.DT_HALF)
td.shape.dim.add(size=8, name='层/卷积')
td.shape.dim.add(size=-1, name='ctl\x01\x07\x1f\x7f tab\there nl\n cr\r')
td.shape.dim.add(size=0, name='quotes " \' and \\ backslash')
td.allocation_description.allocator_name = 'cpu é ü ✓ 😀'
add('td-names', td)

td = tf.TensorDescription(dtype=77)
td.shape.SetInParent()
td.allocation_description.requested_bytes = -5
td.allocation_description.allocation_id = -(1 << 63)
td.allocation_description.ptr = (1 << 64) - 1
add('td-unknown-dtype', td)

td = tf.TensorDescription(dtype=tf.DT_STRING_REF)
td.shape.unknown_rank = True
add('td-unknown-rank', td)

add('td-empty', tf.TensorDescription())

td = tf.TensorDescription(dtype=tf.DT_INVALID)
td.shape.dim.add()
td.shape.dim.add(size=1 << 40)
td.allocation_description.SetInParent()
add('td-empty-parts', td)

# ---- NodeExecStats, StepStats, RunMetadata ----

ns = tf.NodeExecStats(node_name='conv1/Conv2D', all_start_micros=1501352001581099,
                      op_start_rel_micros=6, op_end_rel_micros=10, all_end_rel_micros=18,
                      timeline_label='conv1/Conv2D = Conv2D(x, w)', scheduled_micros=-3,
                      thread_id=4294967295, all_start_nanos=1501352001581099123,
                      op_start_rel_nanos=1, op_end_rel_nanos=2, all_end_rel_nanos=3,
                      scheduled_nanos=4)
m = ns.memory.add(allocator_name='GPU_0_bfc', total_bytes=1024, peak_bytes=2048,
                  live_bytes=-1, allocator_bytes_in_use=6656)
m.allocation_records.add(alloc_micros=5, alloc_bytes=100)
m.allocation_records.add(alloc_micros=6, alloc_bytes=-100)
ns.memory.add()
o = ns.output.add(slot=0)
o.tensor_description.dtype = tf.DT_INT32
o.tensor_description.shape.SetInParent()
o = ns.output.add(slot=-2)
o.tensor_description.dtype = tf.DT_FLOAT
o.tensor_description.shape.dim.add(size=4)
ns.referenced_tensor.add(requested_bytes=8, ptr=4096)
ns.memory_stats.persistent_memory_size = 1280
ns.memory_stats.persistent_tensor_alloc_ids.extend([-1, 5, 0, -(1 << 63), (1 << 63) - 1])
ns.memory_stats.device_persistent_tensor_alloc_ids.extend([3])
add('nes-full', ns)

ss = tf.StepStats()
d = ss.dev_stats.add(device='/job:localhost/replica:0/task:0/device:GPU:0')
for k, v in ((5, 'stream five'), (1, 'one'), (0, 'zero key'), (4294967295, 'max'),
             (3, ''), (2, 'two\n')):
    d.thread_names[k] = v
d.node_stats.add(node_name='a')
d.node_stats.add()
d = ss.dev_stats.add(device='/cpu:0')
d.thread_names[7] = 'seven'
ss.dev_stats.add()
add('ss-maps', ss)

rm = tf.RunMetadata()
rm.step_stats.dev_stats.add(device='/cpu:0').node_stats.add(node_name='_SOURCE')
g = rm.partition_graphs.add()
g.node.add(name='x', op='Placeholder', device='/cpu:0')
g.node.add(name='y', op='Add', input=['x', 'x:1', '^z'])
rm.partition_graphs.add()
add('rm-graphs', rm)

# RunMetadata with the fields Stepscope does not declare (cost_graph 2,
# function_graphs 4, session_metadata 5) and a GraphDef versions field.
graph = f_len(1, f_len(1, b'n') + f_len(2, b'NoOp')) + f_len(4, f_varint(1, 27))
add_wire('rm-unknown-fields', tf.RunMetadata,
         f_len(2, f_len(1, f_len(1, b'cost'))) + f_len(3, graph) +
         f_len(4, f_len(1, b'fn')) + f_len(5, f_len(1, b'sess') + f_varint(2, 3)) +
         f_len(1, f_len(1, f_len(1, b'/cpu:0'))))

# ---- wire encodings Python's serializer does not write ----

# A singular message occurring several times merges; a singular scalar
# keeps its last value (a final 0 unsets it).
add_wire('w-merge', tf.TensorDescription,
         f_varint(1, 1) +
         f_len(2, f_len(2, f_varint(1, 1))) +
         f_len(4, f_varint(1, 10) + f_len(3, b'first')) +
         f_varint(1, 3) +
         f_len(2, f_len(2, f_varint(1, 2) + f_len(2, b'n')) + f_varint(3, 1)) +
         f_len(4, f_varint(2, 20) + f_len(3, b'second') + f_varint(1, 0)) +
         f_len(2, b''))
add_wire('w-last-zero', tf.AllocationDescription,
         f_varint(1, 5) + f_varint(1, 0) + f_len(3, b'x') + f_len(3, b'') +
         f_varint(5, 1) + f_varint(5, 0) + f_varint(6, 9))

# Repeated numbers packed and not, mixed, in wire order.
add_wire('w-packed-mixed', tf.MemoryStats,
         f_varint(5, 1) + f_len(5, varint(2) + varint(-3) + varint(0)) + f_varint(5, -4) +
         f_len(6, b'') + f_varint(6, 9) + f_len(5, varint(5)))

# Unknown field numbers and known numbers with the wrong wire type are
# unknown fields, never printed.
add_wire('w-unknown', tf.NodeExecStats,
         f_varint(99, 1) + f_len(100, b'\x08\x01') + f_fixed32(101, 7) + f_fixed64(102, 8) +
         f_varint(1, 5) + f_len(2, varint(7)) + f_fixed32(3, 1) + f_len(1, b'node') +
         f_len(6, b'') + f_varint(7, 1) + f_varint(10, 42))

# int32 fields keep the low 32 bits of a varint; negative values take
# ten bytes; bools are any non-zero varint.
add_wire('w-int32-varints', tf.NodeOutput, f_varint(1, (1 << 32) | 5))
add_wire('w-int32-negative', tf.NodeOutput, f_varint(1, -1) + f_len(3, f_varint(1, -7)))
add_wire('w-bool-two', tf.AllocationDescription, f_varint(5, 2) + f_varint(1, 1 << 63))

# Map entries: the last entry of a key wins, a missing key is 0, field
# order inside an entry does not matter, a key given twice keeps the last.
def entry(parts):
    return f_len(3, b''.join(parts))


add_wire('w-map-entries', tf.DeviceStepStats,
         entry([f_varint(1, 3), f_len(2, b'first three')]) +
         entry([f_len(2, b'no key')]) +
         entry([f_len(2, b'value first'), f_varint(1, 9)]) +
         entry([f_varint(1, 3), f_len(2, b'second three')]) +
         entry([f_varint(1, 100), f_varint(1, 4), f_len(2, b'four')]) +
         entry([f_varint(1, 8)]) +
         f_len(1, b'dev'))

# ---- every scalar type (tests/pbtext-test.proto) ----

m = t.AllTypes(f_int32=-2147483648, f_int64=-(1 << 63), f_uint32=4294967295,
               f_uint64=(1 << 64) - 1, f_sint32=-1, f_sint64=(1 << 63) - 1,
               f_fixed32=4000000000, f_fixed64=(1 << 64) - 2, f_sfixed32=-123,
               f_sfixed64=-1, f_bool=True, f_float=0.1, f_double=0.1,
               f_string='h\u00e9llo\0world', f_bytes=bytes(range(256)),
               f_enum=t.GREEN)
m.f_inner.SetInParent()
add('at-scalars', m)

m = t.AllTypes(f_int32=1, f_float=-2.5, f_double=1e100, f_enum=t.NEGATIVE,
               f_string='x', f_bytes=b'\0')
m.f_inner.a = -1
m.f_inner.kids.add().kids.add().s = 'deep'
add('at-scalars-2', m)

m = t.AllTypes(f_enum=-7, f_float=float('inf'), f_double=float('-inf'))
add('at-unknown-enum', m)

m = t.AllTypes(f_float=float('nan'), f_double=float('nan'))
add('at-nan', m)

m = t.AllTypes(f_float=-0.0, f_double=-0.0, f_int32=0, f_string='', f_bool=False)
add('at-zeros', m)
# Python's decoder drops a -0.0 ("not value"), as any zero.
add_wire('w-negative-zero', t.AllTypes, f_fixed32(12, 0x80000000) + f_fixed64(13, 1 << 63) +
         f_fixed32(32, 0x80000000))

m = t.AllTypes()
m.r_int32.extend([0, -1, 2147483647, -2147483648])
m.r_int64.extend([0, -1, 1 << 62])
m.r_uint32.extend([0, 4294967295])
m.r_uint64.extend([(1 << 64) - 1, 1])
m.r_sint32.extend([-1, 1, -2147483648, 2147483647])
m.r_sint64.extend([-(1 << 63), (1 << 63) - 1, 0])
m.r_fixed32.extend([1, 4294967295])
m.r_fixed64.extend([0, (1 << 64) - 1])
m.r_sfixed32.extend([-1, 2])
m.r_sfixed64.extend([-(1 << 63)])
m.r_bool.extend([True, False, True])
m.r_string.extend(['', 'a', '\u5c42'])
m.r_bytes.extend([b'', b'\xff\xfe', b'"\'\\'])
m.r_enum.extend([t.RED, 0, 99, t.NEGATIVE, -100])
m.r_inner.add()
m.r_inner.add(a=3, s='three')
m.r_int64_unpacked.extend([7, -7, 0])
m.r_float_unpacked.extend([0.5, -0.0])
add('at-repeated', m)

# Floats: the shortest repr, with Python's exponent rules; float32
# values first rounded by ToShortestFloat.
rng = random.Random(20260101)
floats = [0.0, -0.0, 1.0, 0.1, 0.2, 0.3, 1 / 3, 2 / 3, 16777216.0, 16777217.0, 1e10, 1e15,
          1e16, 1e17, 1e-4, 1e-5, 123456789.0, 3.4028234663852886e38, 1.1754943508222875e-38,
          1.401298464324817e-45, 7e-45, 0.999999940395355, 1.00000011920929, 65504.0,
          float('inf'), float('-inf'), 2.5e-8, 9.5e6, 1234567.0, 0.0001, 100.0]
floats += [struct.unpack('<f', struct.pack('<I', rng.getrandbits(32) & 0x7f7fffff))[0]
           for _ in range(24)]
floats += [struct.unpack('<f', struct.pack('<f', 2.0 ** e))[0] for e in range(-149, 128, 23)]
doubles = [0.0, -0.0, 0.1, 0.1 + 0.2, 1 / 3, 1e15, 1e16, 1e17, 123456789012345678.0,
           9007199254740993.0, 1e-4, 1e-5, 5e-324, 2.2250738585072014e-308,
           1.7976931348623157e308, 1e22, 1e23, 2.0 ** 63, 2.0 ** 64, 0.5, 100.0, 1e100,
           float('inf'), float('-inf'), -1.5, 4.35, 0.3, 2.0 ** -1074 * 3]
doubles += [struct.unpack('<d', struct.pack('<Q', rng.getrandbits(64) & 0x7fefffffffffffff))[0]
            for _ in range(24)]
doubles += [2.0 ** e for e in range(-1074, 1024, 53)]
# powers of two where the nearest 17-digit candidate does not read back
doubles += [2.0 ** e for e in (89, 122, 976, -1017)]
doubles += [rng.uniform(-1000, 1000) for _ in range(8)]
m = t.AllTypes()
m.r_float.extend(floats)
m.r_double.extend(doubles)
add('at-floats', m)

m = t.AllTypes()
for k, v in (('b', 1), ('a', 2), ('', 3), ('\u00e9', 4), ('Z', 0), ('aa', -1)):
    m.m_str_int[k] = v
for k, v in ((-5, 'neg'), (3, 'x'), (0, ''), (-(1 << 63), 'min'), ((1 << 63) - 1, 'max')):
    m.m_int_str[k] = v
m.m_bool_msg[True].a = 1
m.m_bool_msg[False].SetInParent()
for k, v in ((-1, t.RED), (2, 77), (-2147483648, t.NEGATIVE), (0, 0)):
    m.m_sint_enum[k] = v
m.m_uint_bytes[(1 << 64) - 1] = b'\xff'
m.m_uint_bytes[0] = b''
m.m_uint_bytes[10] = b'ten'
m.m_fixed_double[7] = 1.5
m.m_fixed_double[1] = -0.0
m.m_fixed_double[4294967295] = 1e300
add('at-maps', m)

# Message-valued map entries without a value on the wire still print
# "value {}"; entries of the same key replace each other whole.
add_wire('w-map-message-values', t.AllTypes,
         f_len(52, f_varint(1, 1)) + f_len(52, f_varint(1, 0) + f_len(2, f_varint(1, 5))) +
         f_len(52, f_len(2, f_len(2, b'later'))) + f_len(17, b'') + f_len(17, f_varint(1, 2)))

inner = t.Inner(a=1, s='level 1')
cur = inner
for level in range(2, 8):
    cur = cur.kids.add(a=level, s='level %d' % level)
inner.kids.add()
m = t.AllTypes()
m.f_inner.CopyFrom(inner)
add('at-nested', m)

# ---- write ----

os.makedirs(OUT, exist_ok=True)
for name in os.listdir(OUT):
    if name.endswith('.pb') or name.endswith('.txt'):
        os.unlink(os.path.join(OUT, name))

index = []
for name, cls, data in cases:
    message = cls()
    message.ParseFromString(data)
    text = str(message)
    assert text == text_format.MessageToString(message)
    with open(os.path.join(OUT, name + '.pb'), 'wb') as f:
        f.write(data)
    with open(os.path.join(OUT, name + '.txt'), 'w', encoding='ascii', newline='\n') as f:
        f.write(text)
    index.append('%s %s\n' % (name, cls.DESCRIPTOR.full_name))

with open(os.path.join(OUT, 'index.txt'), 'w') as f:
    f.writelines(index)

print('wrote %d cases to %s' % (len(cases), OUT))
