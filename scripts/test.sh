#!/usr/bin/env bash
# `npm test`: every gate in one command. Stops at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== typecheck"; npm run typecheck
echo "== lint"; npm run lint
echo "== build"; npm run build
echo "== unit and integration (vitest)"; npx vitest run
echo "== browser and HTTP (playwright)"; rm -rf .test-data; npx playwright test
