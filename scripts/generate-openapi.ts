/**
 * `npm run openapi`: writes openapi/openapi.json from the API's route schemas. The file is
 * committed; src/api/__tests__/openapi-freshness.test.ts fails when it is stale.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { OPENAPI_PATH, renderOpenApiDocument } from "../src/api/openapi-document.ts";

const root = join(import.meta.dirname, "..");
writeFileSync(join(root, OPENAPI_PATH), await renderOpenApiDocument());
console.log(`wrote ${OPENAPI_PATH}`);
