// Captures the texts and e-mails the app sends during an e2e run.
//
// The default export is Playwright's globalSetup (playwright.config.ts): it
// starts, on loopback, an SMS gateway at E2E_PORT+1 (the app posts
// {to, text, purpose} to it through PALARO_SMS_URL) and a minimal SMTP
// server at E2E_PORT+2 (PALARO_SMTP_URL, tls=none). Both keep what they
// receive in memory; the HTTP server also answers GET /outbox?kind=sms|mail&to=
// so test workers (other processes) can read it with the helpers below:
//
//   const since = Date.now();
//   await request.post('/wps/verification/sms/noLogin', { data: {...} });
//   const sms = await latestSms('09171234567', { since });
//   const code = codeIn(sms.text);
//
//   const mail = await latestMail('demo01@palaro.example', { since, match: (m) => m.subject.includes('code') });
//   mail.subject, mail.text (plain part), mail.html, codeIn(mail.text), linkIn(mail.text)
//
// Only the main webServer sends here; an extra server (lib/server.ts) does
// too when started with startServer(port, outboxEnv(mainPort)). The capture
// ports are E2E_PORT+1 and +2: start extra servers at +3 or above.
//
// failSms(mobile) makes the gateway answer 502 for that number (to see
// sms.send_failed); okSms(mobile) lifts it.
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';

export const SMS_TOKEN = 'e2e-sms-token';

export function outboxPorts(appPort = Number(process.env.E2E_PORT ?? 18181)) {
  return { sms: appPort + 1, smtp: appPort + 2 };
}

/** The env the app needs to send through the capture servers. */
export function outboxEnv(appPort: number): Record<string, string> {
  const { sms, smtp } = outboxPorts(appPort);
  return {
    PALARO_SMS_URL: `http://127.0.0.1:${sms}/sms`,
    PALARO_SMS_TOKEN: SMS_TOKEN,
    PALARO_SMTP_URL: `smtp://127.0.0.1:${smtp}?from=no-reply@palaro.example&tls=none`,
  };
}

export type CapturedSms = { kind: 'sms'; to: string; text: string; purpose: string; at: number };
export type CapturedMail = { kind: 'mail'; to: string; from: string; subject: string; text: string; html: string; at: number };

// ---- test-side helpers (run in workers) ----

function base() {
  return `http://127.0.0.1:${outboxPorts().sms}`;
}

/** Digits of a number without a leading + or trunk 0, for suffix matching. */
function digitsOf(mobile: string) {
  return mobile.replace(/\D/g, '').replace(/^0+/, '');
}

async function poll<T>(
  kind: 'sms' | 'mail',
  to: string,
  since: number,
  timeoutMs: number,
  match: (m: T) => boolean = () => true,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${base()}/outbox?kind=${kind}&to=${encodeURIComponent(to)}&since=${since}`);
    if (!res.ok) throw new Error(`outbox answered ${res.status}`);
    const list = ((await res.json()) as T[]).filter(match);
    if (list.length > 0) return list[list.length - 1];
    if (Date.now() > deadline) throw new Error(`no ${kind} to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** since: only messages received at or after this Date.now(); match: only those it accepts. */
type PollOpts<T> = { since?: number; timeoutMs?: number; match?: (m: T) => boolean };

/** The last text sent to a mobile number (any of 0917..., 917..., +63917...), waiting up to 5 s. */
export function latestSms(mobile: string, opts: PollOpts<CapturedSms> = {}): Promise<CapturedSms> {
  return poll<CapturedSms>('sms', mobile, opts.since ?? 0, opts.timeoutMs ?? 5000, opts.match);
}

/** The last e-mail sent to an address (case-insensitive), waiting up to 5 s. */
export function latestMail(email: string, opts: PollOpts<CapturedMail> = {}): Promise<CapturedMail> {
  return poll<CapturedMail>('mail', email, opts.since ?? 0, opts.timeoutMs ?? 5000, opts.match);
}

/** The 6-digit code in a text or mail body. */
export function codeIn(text: string): string {
  const m = /\b(\d{6})\b/.exec(text);
  if (!m) throw new Error(`no 6-digit code in: ${text}`);
  return m[1];
}

/** The first http(s) link in a mail body. */
export function linkIn(text: string): string {
  const m = /https?:\/\/\S+/.exec(text);
  if (!m) throw new Error(`no link in: ${text}`);
  return m[0];
}

/** Makes the gateway fail (502) for texts to a number until okSms. */
export async function failSms(mobile: string) {
  await fetch(`${base()}/outbox/fail?to=${encodeURIComponent(mobile)}`, { method: 'POST' });
}

export async function okSms(mobile: string) {
  await fetch(`${base()}/outbox/fail?to=${encodeURIComponent(mobile)}`, { method: 'DELETE' });
}

// ---- capture servers (globalSetup, runner process) ----

type Captured = CapturedSms | CapturedMail;

function matches(c: Captured, to: string) {
  if (c.kind === 'mail') return c.to.toLowerCase() === to.trim().toLowerCase();
  const want = digitsOf(to);
  return want !== '' && digitsOf(c.to).endsWith(want);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let b = '';
    req.setEncoding('utf8');
    req.on('data', (d) => (b += d));
    req.on('end', () => resolve(b));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, v: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(v));
}

function decodeQP(s: string): string {
  const bytes: number[] = [];
  const src = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < src.length; i++) {
    if (src[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(src.slice(i + 1, i + 3))) {
      bytes.push(parseInt(src.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(src[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(s: string): string {
  return s.replace(/=\?([^?]+)\?([qQbB])\?([^?]*)\?=/g, (_, _cs, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQP(text.replace(/_/g, ' ')),
  );
}

function splitHead(part: string): [Record<string, string>, string] {
  const i = part.search(/\r?\n\r?\n/);
  const head = i < 0 ? part : part.slice(0, i);
  const body = i < 0 ? '' : part.slice(i).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const c = line.indexOf(':');
    if (c > 0) headers[line.slice(0, c).trim().toLowerCase()] = line.slice(c + 1).trim();
  }
  return [headers, body];
}

function decodePart(headers: Record<string, string>, body: string) {
  const enc = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (enc === 'quoted-printable') return decodeQP(body);
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** Parses a message into subject, plain text and HTML (one level of multipart). */
export function parseMail(raw: string) {
  const [headers, body] = splitHead(raw);
  let text = '';
  let html = '';
  const ctype = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(ctype)?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const [h, b] = splitHead(chunk.replace(/^\r?\n/, ''));
      const t = (h['content-type'] ?? '').toLowerCase();
      if (t.startsWith('text/plain')) text = decodePart(h, b).trimEnd();
      if (t.startsWith('text/html')) html = decodePart(h, b).trimEnd();
    }
  } else if (ctype.toLowerCase().startsWith('text/html')) {
    html = decodePart(headers, body).trimEnd();
  } else {
    text = decodePart(headers, body).trimEnd();
  }
  return { subject: decodeWords(headers['subject'] ?? ''), from: headers['from'] ?? '', text, html };
}

function smtpSession(sock: Socket, store: (m: CapturedMail) => void) {
  let buf = '';
  let inData = false;
  let rcpts: string[] = [];
  let data: string[] = [];
  const say = (line: string) => sock.write(line + '\r\n');
  say('220 palaro-e2e ESMTP capture');
  sock.setEncoding('utf8');
  sock.on('error', () => {});
  sock.on('data', (chunk: string) => {
    buf += chunk;
    for (let i = buf.indexOf('\r\n'); i >= 0; i = buf.indexOf('\r\n')) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 2);
      if (inData) {
        if (line === '.') {
          inData = false;
          const parsed = parseMail(data.join('\r\n'));
          for (const to of rcpts) store({ kind: 'mail', to, ...parsed, at: Date.now() });
          rcpts = [];
          data = [];
          say('250 OK captured');
        } else {
          data.push(line.startsWith('..') ? line.slice(1) : line);
        }
        continue;
      }
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') {
        say('250-palaro-e2e');
        say('250-8BITMIME');
        say('250 SIZE 1048576');
      } else if (verb === 'HELO') say('250 palaro-e2e');
      else if (verb === 'MAIL') say('250 OK');
      else if (verb === 'RCPT') {
        const m = /<([^>]*)>/.exec(line);
        rcpts.push((m?.[1] ?? '').toLowerCase());
        say('250 OK');
      } else if (verb === 'DATA') {
        inData = true;
        say('354 End data with <CR><LF>.<CR><LF>');
      } else if (verb === 'RSET') {
        rcpts = [];
        say('250 OK');
      } else if (verb === 'NOOP') say('250 OK');
      else if (verb === 'QUIT') {
        say('221 Bye');
        sock.end();
      } else say('502 Command not implemented');
    }
  });
}

export default async function globalSetup() {
  const { sms, smtp } = outboxPorts();
  const captured: Captured[] = [];
  const failing = new Set<string>();

  const http = createHttpServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    try {
      if (req.method === 'GET' && url.pathname === '/outbox') {
        const kind = url.searchParams.get('kind') ?? 'sms';
        const to = url.searchParams.get('to') ?? '';
        const since = Number(url.searchParams.get('since') ?? 0);
        return json(res, 200, captured.filter((c) => c.kind === kind && c.at >= since && matches(c, to)));
      }
      if (url.pathname === '/outbox/fail') {
        const to = digitsOf(url.searchParams.get('to') ?? '');
        if (req.method === 'POST') failing.add(to);
        else failing.delete(to);
        return json(res, 200, { ok: true });
      }
      if (req.method === 'POST' && url.pathname === '/sms') {
        if (req.headers.authorization !== `Bearer ${SMS_TOKEN}`) return json(res, 401, { error: 'bad token' });
        const body = JSON.parse(await readBody(req)) as { to: string; text: string; purpose: string };
        if ([...failing].some((f) => digitsOf(body.to).endsWith(f))) return json(res, 502, { error: 'failing on purpose' });
        captured.push({ kind: 'sms', to: body.to, text: body.text, purpose: body.purpose, at: Date.now() });
        return json(res, 200, { ok: true });
      }
      json(res, 404, { error: 'not found' });
    } catch (e) {
      json(res, 400, { error: String(e) });
    }
  });
  const tcp = createTcpServer((sock) => smtpSession(sock, (m) => captured.push(m)));
  await Promise.all([
    new Promise<void>((resolve, reject) => http.once('error', reject).listen(sms, '127.0.0.1', resolve)),
    new Promise<void>((resolve, reject) => tcp.once('error', reject).listen(smtp, '127.0.0.1', resolve)),
  ]);
  return async () => {
    await Promise.all([
      new Promise((r) => http.close(r)),
      new Promise((r) => tcp.close(r)),
    ]);
  };
}
