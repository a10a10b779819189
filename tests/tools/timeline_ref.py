# timeline_ref.py: load TensorFlow's timeline.py from the reference seed
#
# Copyright 2026 The Stepscope developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Shared by tests/tools/make-step-stats-goldens.py and bench/.  The seed
# (../shared/seeds/) shows timeline.py with a line number glued to the start
# of every line, under some page chrome.  We recover the source at run time
# into a temporary directory, next to stub modules for the two TensorFlow
# imports it needs and Python bindings generated from proto/tensorflow.proto.
# Nothing of timeline.py is ever written into the repository.

import atexit
import importlib
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.normpath(os.path.join(HERE, '..', '..'))
SEED = os.environ.get(
    'STEPSCOPE_TIMELINE_SEED',
    os.path.normpath(os.path.join(TOP, '..', 'shared', 'seeds',
                                  '000_b5777053f7af0d08.txt')))
PROTO_DIR = os.path.join(TOP, 'proto')

_STUB_BUILD_INFO = "build_info = {'is_rocm_build': False}\n"
_STUB_TF_LOGGING = "def vlog(level, msg, *args):\n  pass\n"

_loaded = None


def extract_timeline_source(seed_path=SEED):
  """Returns timeline.py's text: the numbered lines 1, 2, 3... of the seed."""
  lines = []
  expected = 1
  line_re = re.compile(r'^(\d+)(.*)$')
  with open(seed_path, encoding='utf-8') as f:
    for raw in f.read().split('\n'):
      if not line_re.match(raw):
        continue
      prefix = str(expected)
      # The number is glued to the text, so a line whose code starts with a
      # digit still reads right: only the expected number is taken off.
      if raw.startswith(prefix):
        lines.append(raw[len(prefix):])
        expected += 1
  text = '\n'.join(lines) + '\n'
  if expected < 700 or 'class Timeline(object):' not in text:
    raise RuntimeError('%s: could not recover timeline.py (%d lines)'
                       % (seed_path, expected - 1))
  return text


def _write(path, text):
  os.makedirs(os.path.dirname(path), exist_ok=True)
  with open(path, 'w', encoding='utf-8') as f:
    f.write(text)


def load():
  """Returns (timeline_module, tensorflow_pb2_module)."""
  global _loaded
  if _loaded is not None:
    return _loaded
  try:
    import google.protobuf  # noqa: F401  (only checks it is there)
  except ImportError:
    sys.exit('google.protobuf is missing: run this script with /usr/bin/python3, '
             'with python3-protobuf installed (apt-get install python3-protobuf protobuf-compiler)')
  if shutil.which('protoc') is None:
    sys.exit('protoc is missing: apt-get install protobuf-compiler')

  tmp = tempfile.mkdtemp(prefix='stepscope-timeline-ref-')
  atexit.register(shutil.rmtree, tmp, True)

  _write(os.path.join(tmp, 'stepscope_tf_timeline.py'),
         extract_timeline_source())
  platform = os.path.join(tmp, 'tensorflow', 'python', 'platform')
  for pkg in ('tensorflow', 'tensorflow/python', 'tensorflow/python/platform'):
    _write(os.path.join(tmp, pkg, '__init__.py'), '')
  _write(os.path.join(platform, 'build_info.py'), _STUB_BUILD_INFO)
  _write(os.path.join(platform, 'tf_logging.py'), _STUB_TF_LOGGING)

  subprocess.run(['protoc', '--python_out=' + tmp, '-I', PROTO_DIR,
                  os.path.join(PROTO_DIR, 'tensorflow.proto')], check=True)

  sys.path.insert(0, tmp)
  timeline = importlib.import_module('stepscope_tf_timeline')
  pb = importlib.import_module('tensorflow_pb2')
  _loaded = (timeline, pb)
  return _loaded


def parse_step_stats(data, kind):
  """Parses bytes as kind 'run_metadata', 'step_stats' (binary) or
  'run_metadata_text', 'step_stats_text'; returns a StepStats."""
  _, pb = load()
  from google.protobuf import text_format
  if kind == 'run_metadata':
    msg = pb.RunMetadata.FromString(data)
    return msg.step_stats
  if kind == 'step_stats':
    return pb.StepStats.FromString(data)
  if kind == 'run_metadata_text':
    return text_format.Parse(data.decode('utf-8'), pb.RunMetadata()).step_stats
  if kind == 'step_stats_text':
    return text_format.Parse(data.decode('utf-8'), pb.StepStats())
  raise ValueError(kind)
