#!/usr/bin/env bash
# Runs a command against a throw-away S3-compatible server (s3rver) on 127.0.0.1 with an empty
# bucket, then stops it and removes its files, however the command ends.
# Usage: scripts/with-s3.sh npx vitest run --project api tests/api/file-serving.test.ts
# The command sees S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_REGION,
# so the file store is that bucket.
set -euo pipefail

s3rver="$(cd "$(dirname "$0")/.." && pwd)/node_modules/.bin/s3rver"
[ -x "$s3rver" ] || { echo "with-s3: $s3rver not found; run npm install first" >&2; exit 1; }

# A free port on loopback, asked of Node, which the project needs anyway.
port=${S3_PORT:-$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")}
dir=$(mktemp -d /tmp/training-admin-s3.XXXXXX)
bucket=training-admin-files
pid=""
# Set before starting, so a server that fails half-way is still stopped and its files removed.
stop() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  fi
  rm -rf "$dir"
}
trap stop EXIT
# A signal ends the script through exit, so the EXIT trap above still stops the server.
trap 'exit 130' INT
trap 'exit 143' TERM

"$s3rver" --directory "$dir/data" --address 127.0.0.1 --port "$port" --silent \
  --configure-bucket "$bucket" >"$dir/log" 2>&1 &
pid=$!

# s3rver creates the bucket before it listens: once the bucket answers, the server is ready.
ready=""
for _ in $(seq 1 300); do
  kill -0 "$pid" 2>/dev/null || break
  if node -e "fetch('http://127.0.0.1:$port/$bucket').then(r=>process.exit(r.status===200?0:1),()=>process.exit(1))" 2>/dev/null; then
    ready=1
    break
  fi
  sleep 0.1
done
if [ -z "$ready" ]; then
  echo "with-s3: s3rver did not start on 127.0.0.1:$port" >&2
  cat "$dir/log" >&2
  exit 1
fi

# s3rver's fixed credentials; any region will do.
export S3_ENDPOINT="http://127.0.0.1:$port"
export S3_BUCKET="$bucket"
export S3_ACCESS_KEY_ID=S3RVER
export S3_SECRET_ACCESS_KEY=S3RVER
export S3_REGION=us-east-1
"$@"
