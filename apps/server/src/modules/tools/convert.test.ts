import { createStorageFileLink, downloadStorageFile, listStorageFiles } from '@app/contract/storage/files';
import { convertMarkdownToDoc } from '@app/contract/tools/convert';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../../test/call-endpoint';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app';
import { markdownToDocx } from './markdown-docx';

const REPORT = `# Weekly report 周报

Sessions rose **12%** against the _previous_ week; see [GA4](https://analytics.google.com) & \`ga_daily\`.

| Channel | Sessions | Change |
| :-- | --: | --: |
| Organic Search | 1,200 | +8% |
| 直接访问 | **800** | -3% |

- First point
  - nested point
- [x] done task

1. one
2. two

> A quote

\`\`\`sql
select channel, sum(sessions) from ga_daily group by channel
\`\`\`

<script>alert(1)</script>

[bad](javascript:alert(1)) &#99999999; \u0001
`;

/** The document's body XML, read back from the .docx (a zip) as Word would. */
async function documentXml(bytes: Buffer): Promise<string> {
  const zip = await JSZip.loadAsync(bytes);
  return (await zip.file('word/document.xml')?.async('string')) ?? '';
}
const texts = (xml: string) => [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');

describe('markdown to Word', () => {
  it('keeps headings, styles, lists, quotes, code and tables as Word tables, and nothing executable', async () => {
    const xml = await documentXml(await markdownToDocx(REPORT, 'Weekly report'));
    expect(xml).toContain('<w:pStyle w:val="Heading1"/>');
    expect(texts(xml)).toContain('Weekly report 周报');
    // One table: a header row and two rows of three cells, the header repeated on each page.
    expect(xml.match(/<w:tbl>/g)).toHaveLength(1);
    const table = xml.slice(xml.indexOf('<w:tbl>'), xml.indexOf('</w:tbl>'));
    expect(table.match(/<w:tr>/g)).toHaveLength(3);
    expect(table.match(/<w:tc>/g)).toHaveLength(9);
    expect(table).toContain('<w:tblHeader/>');
    expect(texts(table)).toBe('ChannelSessionsChangeOrganic Search1,200+8%直接访问800-3%');
    expect(table).toContain('<w:jc w:val="right"/>');
    expect(texts(xml)).toContain('Sessions rose 12% against the previous week; see GA4 &amp; ga_daily.');
    expect(xml).toContain('<w:b/>');
    expect(xml).toContain('<w:i/>');
    expect(xml).toContain('w:hyperlink');
    expect(xml.match(/<w:numPr>/g)?.length).toBeGreaterThanOrEqual(4);
    expect(texts(xml)).toContain('select channel, sum(sessions) from ga_daily group by channel');
    // Raw HTML is its text, a javascript: link is no link, a number that is no character stays typed.
    expect(texts(xml)).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // One link (its opening and closing tags): GA4's, not the javascript: one, which is text.
    expect(xml.match(/w:hyperlink/g)?.length).toBe(2);
    expect(texts(xml)).toContain('bad &amp;#99999999;');
    expect(texts(xml)).toContain('&amp;#99999999;');
    expect(xml).not.toContain('\u0001');
  });

  it('an empty document is still a document', async () => {
    const xml = await documentXml(await markdownToDocx('   ', 'Empty'));
    expect(xml).toContain('<w:body>');
  });
});

describe('POST /api/tool/convert/file/md-to-doc', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof signUpUser>>;
  let bob: Awaited<ReturnType<typeof signUpUser>>;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signUpUser(t.app, { name: 'Alice' });
    bob = await signUpUser(t.app, { name: 'Bob' });
  });
  afterAll(() => t.close());

  it('answers a link that downloads the document under the given name, kept as a generated file', async () => {
    const answer = (
      await callEndpoint(t.app, convertMarkdownToDoc, {
        as: alice,
        body: { content: REPORT, filename: 'Q4 review.docx' },
      })
    ).ok();
    expect(answer.file).toMatchObject({ name: 'Q4 review.docx', ext: 'docx', origin: 'generated' });
    const token = new URL(answer.file_path, 'http://server').searchParams.get('token') ?? '';
    const download = await callEndpoint(t.app, downloadStorageFile, { query: { token } });
    expect(download.status).toBe(200);
    expect(String(download.headers['content-disposition'])).toContain('attachment');
    expect(String(download.headers['content-disposition'])).toContain('Q4%20review.docx');
    expect(texts(await documentXml(download.raw))).toContain('直接访问');

    const listed = (await callEndpoint(t.app, listStorageFiles, { query: {}, as: alice })).ok();
    expect(listed.items.map((item) => [item.name, item.origin])).toContainEqual([
      'Q4 review.docx',
      'generated',
    ]);
    // Another team neither sees it nor links to it.
    const theirs = await callEndpoint(t.app, createStorageFileLink, {
      params: { id: answer.file.id },
      body: {},
      as: bob,
    });
    expect(theirs.status).toBe(404);
  });

  it('without a filename the download is called Report (in the reader’s language)', async () => {
    const answer = (
      await callEndpoint(t.app, convertMarkdownToDoc, {
        as: alice,
        body: { content: 'Just text' },
        headers: { 'accept-language': 'zh-CN' },
      })
    ).ok();
    expect(answer.file.name).toBe('报告.docx');
  });

  it('nothing to export, or too much, is refused naming content; signed out is refused', async () => {
    for (const content of ['', '   \n ', 'x'.repeat(500_001)]) {
      const refused = await callEndpoint(t.app, convertMarkdownToDoc, { as: alice, body: { content } });
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.error().fields ?? {})).toEqual(['content']);
    }
    const anonymous = await callEndpoint(t.app, convertMarkdownToDoc, { body: { content: 'x' } });
    expect(anonymous.status).toBe(401);
  });
});
