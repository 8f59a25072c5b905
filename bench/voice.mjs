// The voice assistant's latency: a 5-second spoken command ("Which baristas are working on
// Saturday afternoon?", slow, padded with silence to 5 s) sent to the real server and its
// speech worker, REPS times one after another (default 30, after 3 to warm up), then in pairs
// (two people asking at once: one waits in the worker's queue). Prints the median and p95 end
// to end, the split between recognition, the answer and synthesis (the server's
// `Server-Timing`), the worker's memory, and writes bench/RESULTS-voice.md. The store has 12
// employees and a week of shifts, so the grammar and the answer are a real store's.
//
//   scripts/bench-voice.sh   (sets up the worker, builds the release server first)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..');
process.env.BACKEND_BIN ??= join(repo, 'target', 'release', 'backend');
const { startServer, ownerWithStore, employeeJoined, employeeId, call } = await import('../frontend/e2e/fixtures.mjs');

const WORKER = process.env.SPEECH_WORKER;
if (!WORKER) throw new Error('SPEECH_WORKER must name the speech worker (scripts/speech-setup.sh prints it)');
const REPS = Number(process.env.REPS || 30);
const COMMAND = 'Which baristas are working on Saturday afternoon?';
const DAY = 86_400_000;

const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const median = (values) => pct(values, 50);

/** The worker processes' resident memory, in MB (read from /proc). */
function workerMemory() {
  const out = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (!cmd.includes('worker.py') || !cmd.includes('--socket')) continue;
      const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (rss) out.push(Number(rss[1]) / 1024);
    } catch {
      // Gone meanwhile.
    }
  }
  return out;
}

const dir = mkdtempSync(join(tmpdir(), 'clockto-bench-voice-'));
const recording = join(dir, 'command.wav');
execFileSync('sh', ['-c', `${WORKER} --say "${COMMAND}" --rate 0.75 --seconds 5 --out "$0"`, recording], { stdio: ['ignore', 'ignore', 'inherit'] });
const audio = readFileSync(recording);

const server = await startServer({ env: { SPEECH_WORKER: WORKER, VOICE_PER_MINUTE: '100000', RUST_LOG: 'error' }, staticDir: '/nonexistent' });
try {
  const owner = await ownerWithStore(server, { email: 'voice-owner@example.com', role: 'Barista' });
  const names = ['Ana', 'Ben', 'Chloe', 'David', 'Emma', 'Felix', 'Grace', 'Hugo', 'Ines', 'Jonas', 'Kira', 'Liam'];
  const ids = [];
  for (const [i, first] of names.entries()) {
    const email = `${first.toLowerCase()}@example.com`;
    await employeeJoined(server, owner, { email, firstName: first, lastName: `Person${i}` });
    ids.push(await employeeId(server, owner, email));
  }
  // A week of shifts from tomorrow: two a day per employee, published.
  const start = Math.ceil(Date.now() / DAY) * DAY + 7 * 3_600_000;
  const shifts = [];
  for (let d = 0; d < 7; d++) {
    for (const [i, id] of ids.entries()) {
      const from = start + d * DAY + (i % 2 ? 6 : 0) * 3_600_000;
      const made = await call(server.url, 'createShift', { storeId: owner.storeId, title: 'Shift', start: from, end: from + 6 * 3_600_000, role: owner.roleId, assigned: id }, owner.token);
      shifts.push(...made.shifts.map((s) => s.id));
    }
  }
  await call(server.url, 'publishShifts', { storeId: owner.storeId, shifts }, owner.token);

  async function ask() {
    const form = new FormData();
    form.set('storeId', owner.storeId);
    form.set('command', new Blob([audio], { type: 'audio/wav' }), 'command.wav');
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/v1/voice-assistant`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: form });
    const body = await res.arrayBuffer();
    const total = performance.now() - t0;
    if (!res.ok) throw new Error(`voice-assistant: ${res.status} ${Buffer.from(body).toString()}`);
    const timing = Object.fromEntries(
      (res.headers.get('server-timing') ?? '').split(',').map((part) => {
        const [name, dur] = part.trim().split(';dur=');
        return [name, Number(dur)];
      }),
    );
    return { total, timing, transcript: decodeURIComponent((res.headers.get('voice-transcript') ?? '').replace(/\+/g, ' ')), bytes: body.byteLength };
  }

  for (let i = 0; i < 3; i++) await ask();
  const runs = [];
  for (let i = 0; i < REPS; i++) runs.push(await ask());
  const pairs = [];
  for (let i = 0; i < Math.ceil(REPS / 2); i++) pairs.push(...(await Promise.all([ask(), ask()])));
  const memory = workerMemory();

  const figure = (list, pick) => {
    const values = list.map(pick);
    return { median: median(values), p95: pct(values, 95) };
  };
  const total = figure(runs, (r) => r.total);
  const recognise = figure(runs, (r) => r.timing.recognise);
  const answer = figure(runs, (r) => r.timing.answer);
  const synthesise = figure(runs, (r) => r.timing.synthesise);
  const paired = figure(pairs, (r) => r.total);
  const heard = runs.filter((r) => r.transcript === 'which baristas are working on saturday afternoon').length;
  const ms = (v) => `${Math.round(v)} ms`;
  const lines = [
    `voice: a 5-second command, ${REPS} times one after another (release server: ${process.env.BACKEND_BIN.includes('release')})`,
    `  end to end      median ${ms(total.median)}   p95 ${ms(total.p95)}   (target: under 2000 ms median, 3000 ms p95: ${total.median < 2000 && total.p95 < 3000 ? 'met' : 'NOT met'})`,
    `  recognition     median ${ms(recognise.median)}   p95 ${ms(recognise.p95)}`,
    `  the answer      median ${ms(answer.median)}   p95 ${ms(answer.p95)}`,
    `  synthesis       median ${ms(synthesise.median)}   p95 ${ms(synthesise.p95)}   (answer audio ${Math.round(median(runs.map((r) => r.bytes)) / 1024)} kB)`,
    `  two at once     median ${ms(paired.median)}   p95 ${ms(paired.p95)}   (one waits for the other in the worker's queue)`,
    `  heard right     ${heard} of ${REPS}`,
    `  worker memory   ${memory.map((m) => `${Math.round(m)} MB`).join(', ') || 'not found'} resident`,
  ];
  console.log(lines.join('\n'));
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB`;
  writeFileSync(
    join(here, 'RESULTS-voice.md'),
    `# Voice assistant latency\n\nWritten by \`scripts/bench-voice.sh\` (\`bench/voice.mjs\`) on ${new Date().toISOString().slice(0, 10)}, ${machine}.\n\n` +
      `The command, spoken by the worker's voice at 0.75× and padded with silence to 5 s: "${COMMAND}". The store has ${names.length + 1} people and ${shifts.length} shifts.\n\n` +
      '```\n' +
      lines.join('\n') +
      '\n```\n',
  );
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
