import { createHash } from 'node:crypto';
import { copyFileSync, createReadStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './examples-world.js';
import { builtExecutable, EXECUTABLE_NAME, pathWithoutNode } from './executable-build.js';
import { harness, TOKENS, type Harness } from './harness.js';

/**
 * Every `run:` step of the workflows in examples/ runs in order, as GitHub runs them
 * (`bash -eo pipefail`), in a fresh folder with an empty HOME holding the release tarball the
 * workflow installs from, with `${{ secrets.* }}`, `${{ vars.* }}` and `${{ steps.*.outputs.* }}`
 * filled in, against the emulator; every step ends with exit 0 and the files the artifact uploads
 * exist.
 */
/** A GitHub Actions workflow as far as these tests need it: the job's env and its steps. */
interface Step {
  name: string;
  id?: string;
  uses?: string;
  run?: string;
  with: Record<string, string>;
}

/** Reads the one job of a workflow of examples/: a small reader for the shape those files have (block scalars for run: and path:). */
function readWorkflow(text: string): { name: string; env: Record<string, string>; nodeVersions: string[]; steps: Step[] } {
  const lines = text.split('\n');
  const env: Record<string, string> = {};
  const steps: Step[] = [];
  const indent = (l: string) => l.length - l.trimStart().length;
  const value = (v: string) =>
    v
      .trim()
      .replace(/^'(.*)'$/, '$1')
      .replace(/^"(.*)"$/, '$1');
  let name = '';
  let i = 0;
  /** A block scalar (`|`) starting after line i: its lines, dedented. */
  const block = (parent: number): string => {
    const body: string[] = [];
    while (i + 1 < lines.length && (lines[i + 1].trim() === '' || indent(lines[i + 1]) > parent)) body.push(lines[++i]);
    while (body.length && body[body.length - 1].trim() === '') body.pop();
    const cut = Math.min(...body.filter((l) => l.trim()).map(indent));
    return body.map((l) => l.slice(cut)).join('\n');
  };
  for (; i < lines.length; i++) {
    const line = lines[i];
    if (/^name:/.test(line)) name = value(line.slice(5));
    if (/^ {4}env:\s*$/.test(line)) {
      while (i + 1 < lines.length && indent(lines[i + 1]) > 4 && lines[i + 1].trim()) {
        const [key, ...v] = lines[++i].trim().split(':');
        env[key] = value(v.join(':'));
      }
    }
    const item = /^( *)- (.*)$/.exec(line);
    if (item && lines.slice(0, i).some((l) => /^ {4}steps:/.test(l))) {
      const base = item[1].length;
      const step: Step = { name: '', with: {} };
      let first = true;
      let keyLine = item[2];
      for (;;) {
        const pair = /^([\w-]+):\s*(.*)$/.exec(keyLine.trim());
        if (pair) {
          const [, key, raw] = pair;
          const keyIndent = first ? base + 2 : indent(lines[i]);
          if (key === 'with') {
            const withIndent = keyIndent;
            while (i + 1 < lines.length && indent(lines[i + 1]) > withIndent && lines[i + 1].trim()) {
              const w = /^([\w-]+):\s*(.*)$/.exec(lines[++i].trim());
              if (w) w[2].trim() === '|' ? (step.with[w[1]] = block(indent(lines[i]))) : (step.with[w[1]] = value(w[2]));
            }
          } else if (key === 'run') step.run = raw.trim() === '|' ? block(keyIndent) : raw.trim();
          else if (key === 'name') step.name = value(raw);
          else if (key === 'id') step.id = value(raw);
          else if (key === 'uses') step.uses = value(raw);
        }
        first = false;
        const next = lines[i + 1];
        if (next === undefined || !next.trim() || next.trim().startsWith('#') || indent(next) <= base) break;
        keyLine = lines[++i];
      }
      steps.push(step);
    }
  }
  const nodeVersions = steps.filter((s) => s.uses?.startsWith('actions/setup-node')).map((s) => s.with['node-version']);
  return { name, env, nodeVersions, steps };
}

/** Whether a workflow runs the single executable it fetches (and sets up no Node). */
const usesExecutable = (workflow: { steps: Step[] }) => workflow.steps.some((s) => s.run?.includes('FISCO_EXECUTABLE_URL'));

/** The machine's npm configuration and TLS trust, for an npm run with an empty HOME and no inherited environment. */
function machineNpm(): Record<string, string> {
  const keep = [
    'NODE_EXTRA_CA_CERTS',
    'HTTPS_PROXY',
    'https_proxy',
    'HTTP_PROXY',
    'http_proxy',
    'NO_PROXY',
    'no_proxy',
    'npm_config_registry',
    'npm_config_cafile',
  ];
  const out: Record<string, string> = Object.fromEntries(keep.flatMap((key) => (process.env[key] ? [[key, process.env[key]]] : [])));
  out.npm_config_userconfig = process.env.npm_config_userconfig ?? join(homedir(), '.npmrc');
  return out;
}

/** The emulator's date: today in Rome, so the workflows' "last month" (from `date`) has its data. */
const romeToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

describe('the workflows of examples/', () => {
  const files = readdirSync(join(ROOT, 'examples'))
    .filter((f) => f.endsWith('.yml'))
    .sort();
  let emulator: Harness;
  let tarballs: string;
  let tarball: string;
  let executableServer: Server;
  let executableUrl: string;
  let executableSum: string;
  let noNode: string;

  beforeAll(async () => {
    // A high rate limit: the firm's month-end is more requests than a minute's allowance, and pacing is not what is tested here.
    emulator = await harness({ today: romeToday(), rateLimit: { limit: 100_000, windowMs: 60_000 } });
    // The release tarball, as the Install section makes it (dist/ is already built: no prepack).
    tarballs = mkdtempSync(join(tmpdir(), 'fisco-tarball-'));
    const packed = await execa('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', tarballs], { cwd: ROOT });
    tarball = (JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as { filename: string }[])[0].filename;
    // The executable, served as a release would be, with its checksum; and a machine's programs without Node.
    const built = await builtExecutable();
    executableSum = createHash('sha256').update(readFileSync(built)).digest('hex');
    executableServer = createServer((request, response) => {
      if (request.url !== `/${EXECUTABLE_NAME}`) return void response.writeHead(404).end();
      response.writeHead(200, { 'content-length': statSync(built).size });
      createReadStream(built).pipe(response);
    });
    await new Promise<void>((resolve) => executableServer.listen(0, '127.0.0.1', resolve));
    executableUrl = `http://127.0.0.1:${(executableServer.address() as AddressInfo).port}`;
    noNode = pathWithoutNode(join(tarballs, 'no-node-bin'));
  }, 300_000);

  afterAll(async () => {
    await emulator?.close();
    await new Promise<void>((resolve) => (executableServer ? executableServer.close(() => resolve()) : resolve()));
    if (tarballs) rmSync(tarballs, { recursive: true, force: true });
  });

  it('there are workflows, each on Node 22 or 24 installing the release tarball (fisco is not on the npm registry), or with the executable and no Node', () => {
    expect(files.length).toBeGreaterThanOrEqual(3);
    const kinds = new Set<string>();
    for (const file of files) {
      const workflow = readWorkflow(readFileSync(join(ROOT, 'examples', file), 'utf8'));
      const runs = workflow.steps.map((s) => s.run ?? '').join('\n');
      if (usesExecutable(workflow)) {
        kinds.add('executable');
        // No Node set up, nothing installed; the file fetched is run only once its pinned checksum holds.
        expect(workflow.nodeVersions, file).toEqual([]);
        expect(runs, file).not.toContain('npm ');
        const fetch = workflow.steps.findIndex((s) => s.run?.includes('curl '));
        const check = workflow.steps.findIndex((s) => s.run?.includes('sha256sum --check'));
        const first = workflow.steps.findIndex((s) => /^\s*fisco /m.test(s.run ?? ''));
        expect(fetch, file).toBeGreaterThanOrEqual(0);
        expect(check, file).toBe(fetch);
        expect(first, file).toBeGreaterThan(fetch);
        continue;
      }
      kinds.add('tarball');
      expect(workflow.nodeVersions, file).not.toEqual([]);
      for (const version of workflow.nodeVersions) expect(['22', '24'], file).toContain(version);
      expect(runs, file).toContain(`npm install --global ./vendor/${tarball}`);
      expect(runs, file).not.toMatch(/npm install (-g|--global) fisco\b/);
      // The checkout that holds the tarball comes before the install.
      const checkout = workflow.steps.findIndex((s) => s.uses?.startsWith('actions/checkout'));
      const install = workflow.steps.findIndex((s) => s.run?.includes('npm install'));
      expect(checkout, file).toBeGreaterThanOrEqual(0);
      expect(checkout, file).toBeLessThan(install);
    }
    expect([...kinds].sort()).toEqual(['executable', 'tarball']);
  });

  for (const file of readdirSync(join(ROOT, 'examples'))
    .filter((f) => f.endsWith('.yml'))
    .sort()) {
    it(`${file}: every run: step, in order, in a fresh folder with an empty HOME, ends with exit 0; the artifact's files exist`, async () => {
      const workflow = readWorkflow(readFileSync(join(ROOT, 'examples', file), 'utf8'));
      const folder = mkdtempSync(join(tmpdir(), `fisco-workflow-${workflow.name}-`));
      try {
        const home = join(folder, 'home');
        mkdirSync(home);
        const repo = join(folder, 'repo');
        mkdirSync(join(repo, 'vendor'), { recursive: true });
        copyFileSync(join(tarballs, tarball), join(repo, 'vendor', tarball));
        const prefix = join(folder, 'prefix');
        const output = join(folder, 'github-output');
        const secrets: Record<string, string> = { FISCO_TOKEN: TOKENS.prod, FISCO_FIRM_TOKEN: TOKENS.firm };
        const vars: Record<string, string> = {
          FISCO_BASE_URL: emulator.emulator.url,
          FISCO_ACCOUNT: '',
          FISCO_EXECUTABLE_URL: `${executableUrl}/${EXECUTABLE_NAME}`,
          FISCO_EXECUTABLE_SHA256: executableSum,
        };
        // A job with the executable runs where there is no Node at all; the other installs into its prefix.
        const jobPath = usesExecutable(workflow) ? noNode : `${join(prefix, 'bin')}:${process.env.PATH}`;
        const githubPath = join(folder, 'github-path');
        writeFileSync(githubPath, '');
        const outputs: Record<string, Record<string, string>> = {};
        const expand = (text: string) =>
          text.replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (_, expression: string) => {
            const [kind, ...rest] = expression.split('.');
            if (kind === 'secrets') return secrets[rest[0]] ?? '';
            if (kind === 'vars') return vars[rest[0]] ?? '';
            if (kind === 'steps' && rest[1] === 'outputs') return outputs[rest[0]]?.[rest[2]] ?? '';
            throw new Error(`${file}: no value for \${{ ${expression} }}`);
          });
        const jobEnv = Object.fromEntries(Object.entries(workflow.env).map(([k, v]) => [k, expand(v)]));
        expect(jobEnv.FISCO_TOKEN, 'the job gets its token from a secret').toMatch(/^demo-/);
        const stepsRun: string[] = [];
        const logs: string[] = [];
        for (const step of workflow.steps) {
          if (!step.run) continue;
          writeFileSync(output, '');
          const result = await execa('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', expand(step.run)], {
            cwd: repo,
            env: {
              PATH: [...readFileSync(githubPath, 'utf8').split('\n').filter(Boolean).reverse(), jobPath].join(':'),
              HOME: home,
              ...jobEnv,
              GITHUB_OUTPUT: output,
              GITHUB_PATH: githubPath,
              GITHUB_STEP_SUMMARY: join(folder, 'step-summary'),
              CI: 'true',
              NO_COLOR: '1',
              FISCO_RETRY_BASE_MS: '20',
              // npm: the global install goes to this job's prefix, from the machine's package cache, with the machine's npm
              // settings and certificates (as a runner's npm has its own): a global install reads the full metadata of
              // fisco's dependencies, which `npm ci` does not cache, so on a fresh machine it asks the registry. Without
              // the machine's CA bundle and npmrc (HOME is the job's empty one, the environment is not inherited),
              // every such request failed TLS behind an intercepting proxy and npm retried with back-off for minutes.
              ...machineNpm(),
              npm_config_prefix: prefix,
              npm_config_cache: process.env.npm_config_cache ?? join(homedir(), '.npm'),
              npm_config_prefer_offline: 'true',
              npm_config_audit: 'false',
              npm_config_fund: 'false',
              npm_config_update_notifier: 'false',
            },
            extendEnv: false,
            reject: false,
            input: '',
            timeout: 180_000,
          });
          stepsRun.push(step.name || step.run.split('\n')[0]);
          logs.push(`${step.name}:\n${result.stdout}\n${result.stderr}`);
          expect(result.exitCode, `${file}, step "${step.name || step.run}":\n${result.stderr.trim().split('\n').slice(-5).join('\n')}`).toBe(0);
          if (step.id)
            outputs[step.id] = Object.fromEntries(
              readFileSync(output, 'utf8')
                .split('\n')
                .filter(Boolean)
                .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
            );
          if (step.run.includes('npm install --global')) {
            // fisco is now the one the job installed.
            const which = await execa('bash', ['-c', 'command -v fisco'], {
              env: { PATH: `${join(prefix, 'bin')}:${process.env.PATH}` },
              extendEnv: false,
              reject: false,
            });
            expect(which.stdout.trim()).toBe(join(prefix, 'bin', 'fisco'));
          }
        }
        expect(stepsRun.length, file).toBeGreaterThanOrEqual(3);
        // What the artifact uploads is there (if-no-files-found: error would fail the job otherwise).
        const upload = workflow.steps.find((s) => s.uses?.startsWith('actions/upload-artifact'));
        expect(upload, `${file} uploads an artifact`).toBeDefined();
        for (const path of upload!.with.path
          .split('\n')
          .map((p) => p.trim())
          .filter(Boolean)) {
          expect(existsSync(join(repo, path)), `${file}: the artifact's ${path}`).toBe(true);
        }
        // A step that went on after exit 11 said so on the run.
        for (const [index, step] of workflow.steps.filter((s) => s.run).entries()) {
          if (/-eq 11/.test(step.run!)) expect(logs[index], `${file}: "${step.name}" reports exit 11`).toMatch(/::warning[^:]*::.*exit 11/);
        }
        if (file === 'month-end.yml') {
          const results = JSON.parse(readFileSync(join(repo, 'export-result.json'), 'utf8')) as { result: string }[];
          expect(results.filter((r) => r.result === 'exported').length).toBeGreaterThan(0);
          expect(readdirSync(join(repo, 'month-end')).length).toBe(1);
          expect(relative(repo, join(repo, 'month-end', readdirSync(join(repo, 'month-end'))[0]))).toMatch(/^month-end\/\d{4}-\d{2}$/);
        }
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    }, 400_000);
  }
});
