#!/usr/bin/env bash
# `npm test`: every gate in one command. Stops at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== typecheck"; npm run typecheck
echo "== lint"; npm run lint
echo "== build"; npm run build
echo "== unit and integration (vitest)"; npx vitest run
echo "== browser and HTTP (playwright)"; rm -rf .test-data; npx playwright test
# The build a business running Google Ads makes: the snippet, the conversions and the CSP's
# Google hosts exist only there, so it is built and tested too (tests/e2e/tracking.spec.ts).
echo "== the ads-tracking build (playwright)"
(
  export VITE_GOOGLE_ADS_ID=AW-1234567890 VITE_GOOGLE_ADS_CONVERSION_LABEL=ci-test-label
  export BUILD_DIR=build-tracking E2E_PORT=3190
  npm run build >/dev/null
  npx playwright test tests/e2e/tracking.spec.ts --project=desktop
)
