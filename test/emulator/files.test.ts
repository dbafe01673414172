import { describe, expect, it } from 'vitest';
import { start } from './helpers.js';

describe('signed file links', () => {
  it('serve the PDF without a bearer token, like a storage host, and refuse a tampered signature', async () => {
    const emu = await start();
    const list = await fetch(`${emu.url}/v1/f24s?per_page=1`, { headers: { authorization: 'Bearer demo-prod-rossi' } });
    const [f24] = ((await list.json()) as { data: { file_url: string }[] }).data;
    const file = await fetch(f24.file_url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const tampered = await fetch(f24.file_url.replace('signature=', 'signature=z'));
    expect(tampered.status).toBe(403);
  });
});
