// fairvec-vectors: where the vector set of this package lies, and its version. Point
// `fairvec check-port --vectors` (or FAIRVEC_DATA) at vectorsDir, or replay
// vectorsDir/transcripts/*.jsonl against a port (specs/port-protocol.md, "Transcripts").
'use strict';
const path = require('node:path');
const pkg = require('./package.json');

module.exports = {
  vectorsDir: path.join(__dirname, 'vectors'),
  vectorSetVersion: pkg.fairvec.vectorSetVersion,
};
