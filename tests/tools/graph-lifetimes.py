#!/usr/bin/python3
# graph-lifetimes.py: tensor lifetimes from the graph, computed apart
#
# Copyright 2026 The Stepscope developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   tests/tools/graph-lifetimes.py RUN_METADATA [GRAPH] > EXPECTED.json
#   tests/tools/graph-lifetimes.py --to-binary GRAPH.pbtxt OUT.pb
#
# An independent computation of what `stepscope-cli --lifetimes=graph`
# should give, for tests/test-lifetimes.c: its own wire-format reader and
# text-format reader (no protobuf bindings, no Stepscope code), the rules
# of issue 16 written out plainly:
#
# - the tensors are timeline.py's: every output of every node, named
#   "node" (output 0) or "node:k", the last production of a name kept,
#   in order of first appearance;
# - a tensor's consumers are the graph nodes whose input is "node:k" (or
#   "node" for k = 0), "^node" being a control edge; a _Send consuming it
#   adds each _Recv with the same (tensor_name, send_device, recv_device)
#   and, in turn, that Recv's consumers of output 0 ("remote"); a Send or
#   Recv without a tensor_name pairs with nothing;
# - a consumer ran when a StepStats node of an op device (not a GPU
#   tracer's stream or memcpy) has its name;
# - a tensor whose producer the graph has ends at the end of the last
#   consumer that ran, or its producer's end if that is later or none ran
#   (unused); one the graph does not have keeps timeline.py's end (the
#   last op whose label names it, minus 1 µs), computed here from labels
#   of the plain form "name = Op(a, b)";
# - memory peaks per allocator as timeline.py sums them, from those ends.
#
# Times are microseconds with op_time "schedule".  The graph is GRAPH when
# given, else the RunMetadata's partition_graphs.  With --to-binary, writes
# a text GraphDef's name, op, input, device and string attrs as binary.

import json
import re
import sys


# --- wire format -----------------------------------------------------------

def read_varint(data, pos):
  shift = value = 0
  while True:
    b = data[pos]
    pos += 1
    value |= (b & 0x7f) << shift
    shift += 7
    if b < 0x80:
      return value, pos


def fields(data):
  """(number, value) of a message: ints for varints, bytes for LEN."""
  pos = 0
  while pos < len(data):
    key, pos = read_varint(data, pos)
    number, wire = key >> 3, key & 7
    if wire == 0:
      value, pos = read_varint(data, pos)
      if value >= 1 << 63:
        value -= 1 << 64
    elif wire == 2:
      n, pos = read_varint(data, pos)
      value, pos = data[pos:pos + n], pos + n
    elif wire == 1:
      value, pos = data[pos:pos + 8], pos + 8
    elif wire == 5:
      value, pos = data[pos:pos + 4], pos + 4
    else:
      raise ValueError('wire type %d' % wire)
    yield number, value


def last(data, number, default):
  v = default
  for n, x in fields(data):
    if n == number:
      v = x
  return v


def wire_node(data):
  node = {'name': '', 'op': '', 'input': [], 'attr': {}}
  for n, v in fields(data):
    if n == 1:
      node['name'] = v.decode()
    elif n == 2:
      node['op'] = v.decode()
    elif n == 3:
      node['input'].append(v.decode())
    elif n == 5:
      key = last(v, 1, b'').decode()
      node['attr'][key] = last(last(v, 2, b''), 2, b'').decode()
  return node


def wire_graph(data):
  return [wire_node(v) for n, v in fields(data) if n == 1]


def read_run_metadata(data):
  devices, graphs = [], []
  for n, v in fields(data):
    if n == 1:
      for m, d in fields(v):
        if m == 1:
          devices.append(read_device(d))
    elif n == 3:
      graphs.append(wire_graph(v))
  return devices, graphs


def read_device(data):
  dev = {'name': last(data, 1, b'').decode(), 'nodes': []}
  for n, v in fields(data):
    if n != 2:
      continue
    node = {'name': last(v, 1, b'').decode(), 'start': last(v, 2, 0),
            'end_rel': last(v, 5, 0), 'label': last(v, 8, b'').decode(),
            'outputs': []}
    for m, out in fields(v):
      if m != 7:
        continue
      desc = b''.join(x for k, x in fields(out) if k == 3)
      alloc = b''.join(x for k, x in fields(desc) if k == 4)
      node['outputs'].append((last(alloc, 1, 0), last(alloc, 3, b'').decode()))
    dev['nodes'].append(node)
  return dev


# --- text format (the subset GraphDefs use) ---------------------------------

TOKEN = re.compile(r'\s+|#[^\n]*|"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\'|'
                   r'[A-Za-z_][\w.]*|[-+]?[\d.][\w.+-]*|[{}<>\[\]:,;]')


def unescape(s):
  return s[1:-1].encode('latin-1', 'backslashreplace').decode(
      'unicode_escape').encode('latin-1').decode('utf-8')


def tokens(text):
  pos = 0
  while pos < len(text):
    m = TOKEN.match(text, pos)
    if not m:
      raise ValueError('text format: cannot read at %d' % pos)
    pos = m.end()
    t = m.group()
    if not t.strip() or t.startswith('#'):
      continue
    yield t


def parse_message(toks, end):
  msg = {}
  for t in toks:
    if t == end:
      return msg
    if t in ',;':
      continue
    name = t
    t = next(toks)
    if t == ':':
      t = next(toks)
    values = []
    if t == '[':
      for t in toks:
        if t == ']':
          break
        if t != ',':
          values.append(value_of(toks, t))
    else:
      values.append(value_of(toks, t))
    msg.setdefault(name, []).extend(values)
  return msg


def value_of(toks, t):
  if t in '{<':
    return parse_message(toks, '}' if t == '{' else '>')
  if t[0] in '"\'':
    return unescape(t)
  return t


def text_graph(text):
  graph = parse_message(tokens(text), None)
  nodes = []
  for n in graph.get('node', []):
    attr = {}
    for a in n.get('attr', []):
      value = a.get('value', [{}])[-1]
      attr[a.get('key', [''])[-1]] = value.get('s', [''])[-1]
    nodes.append({'name': n.get('name', [''])[-1], 'op': n.get('op', [''])[-1],
                  'input': n.get('input', []), 'attr': attr,
                  'device': n.get('device', [''])[-1]})
  return nodes


def read_graph_file(path):
  data = open(path, 'rb').read()
  if re.match(rb'(\s|#[^\n]*\n)*(node|versions|library|version)\b', data):
    return text_graph(data.decode('utf-8'))
  return wire_graph(data)


# --- the rules ------------------------------------------------------------

def is_tracer(device):
  return '/stream:' in device or '/memcpy' in device


def label_inputs(label):
  m = re.match(r'^[^=]* = [^(]*\((.*)\)$', label)
  if not m:
    return []
  return [x for x in m.group(1).split(', ')] if m.group(1) else []


def analyse(devices, graph):
  nodes = []                       # (device, node)
  for dev in devices:
    for node in dev['nodes']:
      nodes.append((dev, node))

  def end_of(i):
    return nodes[i][1]['start'] + nodes[i][1]['end_rel']

  # timeline.py's tensors: name -> (producer, output), last production.
  tensors, order = {}, []
  for i, (dev, node) in enumerate(nodes):
    for k in range(len(node['outputs'])):
      name = node['name'] if k == 0 else '%s:%d' % (node['name'], k)
      if name not in tensors:
        order.append(name)
      tensors[name] = (i, k)

  # timeline.py's ends from labels.
  labels_end = {name: end_of(i) for name, (i, k) in tensors.items()}
  for i, (dev, node) in enumerate(nodes):
    if is_tracer(dev['name']) or node['name'] == 'RecvTensor':
      continue
    for x in label_inputs(node['label']):
      if x not in tensors:
        cut = x.rfind('/_')
        if cut > 0:
          x = x[:cut]
      if x in tensors:
        labels_end[x] = max(labels_end[x], end_of(i) - 1)

  # The graph.
  by_name = {}
  for g, n in enumerate(graph):
    by_name.setdefault(n['name'], g)
  runs = {}
  for i, (dev, node) in enumerate(nodes):
    if not is_tracer(dev['name']) and node['name'] in by_name:
      g = by_name[node['name']]
      runs[g] = max(runs.get(g, end_of(i)), end_of(i))
  consumers = {}
  for c, n in enumerate(graph):
    for x in n['input']:
      if x.startswith('^'):
        continue
      m = re.match(r'^(.*):(\d{1,9})$', x)
      name, k = (m.group(1), int(m.group(2))) if m else (x, 0)
      if name in by_name:
        consumers.setdefault((by_name[name], k), []).append(c)
  def rendezvous(n):
    return (n['attr'].get('tensor_name', ''), n['attr'].get('send_device', ''),
            n['attr'].get('recv_device', ''))
  recvs = {}
  for g, n in enumerate(graph):
    if n['op'] in ('_Recv', '_HostRecv') and n['attr'].get('tensor_name'):
      recvs.setdefault(rendezvous(n), []).append(g)

  def uses(g, k):
    found = {}
    for c in consumers.get((g, k), []):
      found.setdefault(c, False)
    todo = [c for c in found]
    while todo:
      c = todo.pop()
      if (graph[c]['op'] not in ('_Send', '_HostSend') or
          not graph[c]['attr'].get('tensor_name')):
        continue
      for r in recvs.get(rendezvous(graph[c]), []):
        if r in found:
          continue
        found[r] = True
        todo.append(r)
        for c2 in consumers.get((r, 0), []):
          if c2 not in found:
            found[c2] = True
            todo.append(c2)
    return found

  out, ends = [], {}
  for name in order:
    i, k = tensors[name]
    dev, node = nodes[i]
    entry = {'name': name, 'start_us': node['start']}
    g = by_name.get(node['name']) if not is_tracer(dev['name']) else None
    if g is None:
      entry.update(in_graph=False, end_us=labels_end[name])
    else:
      found = uses(g, k)
      ran = [c for c in found if c in runs]
      end = max([end_of(i)] + [runs[c] for c in ran])
      entry.update(in_graph=True, end_us=end, unused=not ran,
                   consumers=sorted([graph[c]['name'], c in runs, found[c]]
                                    for c in found))
    ends[name] = entry['end_us']
    out.append(entry)

  # timeline.py's memory counters and peaks, from these ends.
  allocs, alloc_order = {}, []
  for name in order:
    i, k = tensors[name]
    num_bytes, allocator = nodes[i][1]['outputs'][k]
    if allocator not in allocs:
      allocs[allocator] = []
      alloc_order.append(allocator)
    allocs[allocator].append((nodes[i][1]['start'], num_bytes, name))
    allocs[allocator].append((ends[name], -num_bytes, name))
  peaks = {}
  for allocator in alloc_order:
    total, best, live, best_live = 0, (0, 0), set(), []
    for time, num_bytes, name in sorted(allocs[allocator],
                                        key=lambda t: (t[0], t[1], t[2].encode())):
      total += num_bytes
      if num_bytes < 0:
        live.discard(name)
      else:
        live.add(name)
      if total > best[1]:
        best = (time, total)
        best_live = sorted(live, key=lambda s: s.encode())
    peaks[allocator] = {'timestamp': best[0], 'num_bytes': best[1],
                        'tensors': best_live}
  return {'tensors': out, 'peaks': peaks}


def to_binary(src, dst):
  def fbytes(field, b):
    n, head = len(b), bytes((field << 3 | 2,))
    size = bytearray()
    while n >= 128:
      size.append((n & 0x7f) | 0x80)
      n >>= 7
    size.append(n)
    return head + bytes(size) + b
  out = b''
  for n in read_graph_file(src):
    b = fbytes(1, n['name'].encode()) + fbytes(2, n['op'].encode())
    b += b''.join(fbytes(3, x.encode()) for x in n['input'])
    if n.get('device'):
      b += fbytes(4, n['device'].encode())
    for key, s in sorted(n['attr'].items()):
      b += fbytes(5, fbytes(1, key.encode()) + fbytes(2, fbytes(2, s.encode()) if s else b''))
    out += fbytes(1, b)
  open(dst, 'wb').write(out)


def main():
  if sys.argv[1] == '--to-binary':
    to_binary(sys.argv[2], sys.argv[3])
    return
  devices, graphs = read_run_metadata(open(sys.argv[1], 'rb').read())
  graph = (read_graph_file(sys.argv[2]) if len(sys.argv) > 2
           else [n for g in graphs for n in g])
  result = analyse(devices, graph)
  json.dump(result, sys.stdout, indent=1, ensure_ascii=False, sort_keys=True)
  sys.stdout.write('\n')


if __name__ == '__main__':
  main()
