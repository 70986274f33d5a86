/** `npm run asyncapi`: writes openapi/asyncapi.yaml from the stream's frame schemas (a test fails when it is stale). */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { asyncapiYaml } from "../src/stream/asyncapi-document.ts";

const target = join(dirname(fileURLToPath(import.meta.url)), "..", "openapi", "asyncapi.yaml");
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, asyncapiYaml());
console.log(`wrote ${target}`);
