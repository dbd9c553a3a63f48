// Builds the wrk request lists from the live demo catalogue and checks that
// every request answers 200 with success:true before anything is measured.
//
//   node discover.mjs <baseURL> <outDir>
//
// Writes <outDir>/gamelist.paths, <outDir>/vendorlanes.paths (one path per
// line), <outDir>/discover.env (shell-sourceable status) and prints what it
// found. Exit 0 even when an endpoint is missing (that is a product state the
// summary reports as FAIL); exit 2 only on a tool error (bad arguments, the
// server not answering at all).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [base, outDir] = process.argv.slice(2);
if (!base || !outDir) {
  console.error('usage: node discover.mjs <baseURL> <outDir>');
  process.exit(2);
}

async function get(path) {
  const res = await fetch(base + path, {
    headers: { 'Accept-Encoding': 'gzip', Accept: 'application/json' },
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  let json = null;
  try { json = JSON.parse(text); } catch { /* not JSON */ }
  return { status: res.status, json, bytes: Buffer.byteLength(text), encoding: res.headers.get('content-encoding') ?? 'identity', text };
}

const ok = (r) => r.status === 200 && r.json && r.json.success === true;
const why = (r) => `HTTP ${r.status}${r.json?.code ? ' ' + r.json.code : ''}`;
const shQuote = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;

try {
  const h = await get('/healthz');
  if (h.status !== 200) throw new Error(`/healthz answered ${h.status}`);
} catch (e) {
  console.error(`discover: server at ${base} does not answer: ${e.message}`);
  process.exit(2);
}

// Merchant code as the storefront sends it.
let merchant = 'PALARO_DEMO';
const st = await get('/wps/system/status');
if (ok(st) && st.json.value?.info?.merchantCode) merchant = st.json.value.info.merchantCode;

const status = {};
const notes = [];

// --- vendorLanes ---------------------------------------------------------
const laneCandidates = [
  '/wps/relay/vendorLanes?platform=html5-desktop&language=TY',
  '/wps/relay/vendorLanes?platform=html5-desktop&language=EN',
];
const lanePaths = [];
let lanes = [];
let lanesFail = '';
for (const p of laneCandidates) {
  const r = await get(p);
  if (ok(r) && Array.isArray(r.json.value?.lanes)) {
    lanePaths.push(p);
    if (!lanes.length) lanes = r.json.value.lanes;
    notes.push(`vendorLanes ${p.split('?')[1]}: ${r.json.value.lanes.length} lanes, ${r.bytes} B body, Content-Encoding ${r.encoding}`);
  } else {
    lanesFail ||= why(r);
  }
}
status.VENDORLANES_OK = lanePaths.length > 0 ? 1 : 0;
status.VENDORLANES_REASON = lanePaths.length > 0 ? '' : `endpoint not available (${lanesFail})`;
status.VENDORLANES_N = lanePaths.length;

// --- gameList ------------------------------------------------------------
// Categories and vendors from the lanes; the demo defaults otherwise.
const byType = new Map();
for (const lane of lanes) {
  for (const c of lane.cards ?? []) {
    if (!c.gameType || !c.vassalage) continue;
    if (!byType.has(c.gameType)) byType.set(c.gameType, []);
    const list = byType.get(c.gameType);
    if (!list.includes(c.vassalage)) list.push(c.vassalage);
  }
}
if (byType.size === 0) {
  for (const t of ['RNG', 'LIVE', 'FISH', 'SPORTS']) byType.set(t, []);
}
// RNG (slots) first: it is the biggest and most browsed category.
const types = [...byType.keys()].sort((a, b) => (a === 'RNG' ? -1 : b === 'RNG' ? 1 : 0));
const q = (params) =>
  '/wps/relay/gameList?' +
  new URLSearchParams({ clientType: '3', platform: 'html5-desktop', merchant, ...params, pageSize: params.pageSize ?? '24', language: params.language ?? 'TY' }).toString();

const cands = [];
const main = types[0];
cands.push(q({ gameType: main, pageNo: '1' }));
cands.push(q({ gameType: main, pageNo: '2' }));
cands.push(q({ gameType: main, pageNo: '3', language: 'EN' }));
for (const t of types.slice(1, 4)) cands.push(q({ gameType: t, pageNo: '1' }));
const mainVendors = byType.get(main) ?? [];
if (mainVendors[0]) cands.push(q({ gameType: main, vassalage: mainVendors[0], pageNo: '1' }));
if (mainVendors.length >= 3) cands.push(q({ gameType: main, vassalage: mainVendors.slice(1, 3).join(','), pageNo: '1' }));
cands.push(q({ gameType: main, selectionType: 'HOT', pageNo: '1' }));
cands.push(q({ gameType: main, subCategory: 'JP', pageNo: '1' }));

// Keywords: a word taken from real game names (one in the main category, one across all).
const first = await get(q({ gameType: main, pageNo: '1' }));
const words = [];
if (ok(first)) {
  for (const g of first.json.value?.games ?? []) {
    for (const w of String(g.gameName ?? g.nodeName ?? '').split(/\s+/)) {
      const lw = w.toLowerCase().replace(/[^a-z0-9]/g, '');
      if (lw.length >= 4 && !words.includes(lw)) words.push(lw);
    }
  }
  notes.push(`gameList ${main} page 1: ${first.json.value?.games?.length ?? 0} games of ${first.json.value?.total ?? '?'}, ${first.bytes} B body, Content-Encoding ${first.encoding}`);
}
if (words[0]) cands.push(q({ gameType: main, keyword: words[0], pageNo: '1' }));
if (words[1]) cands.push(q({ keyword: words[1].slice(0, 4), pageNo: '1' }));
else cands.push(q({ keyword: 'luck', pageNo: '1' }));

const gamePaths = [];
let gameFail = '';
for (const p of cands) {
  const r = await get(p);
  if (ok(r) && Array.isArray(r.json.value?.games)) gamePaths.push(p);
  else {
    gameFail ||= why(r);
    notes.push(`gameList query dropped (${why(r)}): ${p}`);
  }
}
// Enough variety to be a rotation, and the plain category page must work.
const gameOk = gamePaths.length >= 4 && gamePaths.includes(cands[0]);
status.GAMELIST_OK = gameOk ? 1 : 0;
status.GAMELIST_REASON = gameOk ? '' : `endpoint not available (${gameFail || 'too few valid queries'})`;
status.GAMELIST_N = gamePaths.length;

writeFileSync(join(outDir, 'gamelist.paths'), gamePaths.join('\n') + '\n');
writeFileSync(join(outDir, 'vendorlanes.paths'), lanePaths.join('\n') + '\n');
writeFileSync(
  join(outDir, 'discover.env'),
  Object.entries(status).map(([k, v]) => `${k}=${shQuote(v)}`).join('\n') + '\n',
);
console.log(`  merchant ${merchant}; categories: ${types.join(', ')}`);
for (const n of notes) console.log('  ' + n);
console.log(`  gameList: ${gamePaths.length} valid queries${gameOk ? '' : ' — ' + status.GAMELIST_REASON}`);
for (const p of gamePaths) console.log('    ' + p);
console.log(`  vendorLanes: ${lanePaths.length} valid queries${lanePaths.length ? '' : ' — ' + status.VENDORLANES_REASON}`);
