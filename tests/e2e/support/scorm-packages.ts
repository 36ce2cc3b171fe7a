import yazl from 'yazl';

/**
 * SCORM packages the tests make for themselves: a manifest as authoring tools write it, and SCOs
 * that talk to the runtime the way real content does (they find the API by walking up
 * window.parent, resume at their location, write suspend_data, a score, a status and an
 * interaction).
 */

export type ScormTestVersion = '1.2' | '2004-3' | '2004-4';

/** A zip of these entries (deflated), in this order; a Buffer entry is kept as it is. */
export function zipOf(entries: Record<string, string | Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries))
    zip.addBuffer(typeof content === 'string' ? Buffer.from(content) : content, name);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

export type TestSco = {
  identifier: string;
  title: string;
  /** The launch file, relative to the package's top (may hold spaces or non-ASCII characters). */
  href: string;
  /** Query string the manifest adds to the launch (1.2 and 2004 `parameters`). */
  parameters?: string;
  /** 1.2 `adlcp:masteryscore` (0-100) or 2004 passing score in percent. */
  masteryScore?: number;
  /** A folder item holding it in the organization: nested items. */
  parent?: string;
};

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** imsmanifest.xml for these SCOs, as 1.2 or 2004 tools write it. */
export function manifestXml(
  version: ScormTestVersion,
  title: string,
  scos: TestSco[],
  { bom = false }: { bom?: boolean } = {},
): string {
  const v12 = version === '1.2';
  const folders = [...new Set(scos.map((sco) => sco.parent).filter((parent) => parent !== undefined))];
  const itemXml = (sco: TestSco) => {
    const mastery =
      sco.masteryScore === undefined
        ? ''
        : v12
          ? `<adlcp:masteryscore>${sco.masteryScore}</adlcp:masteryscore>`
          : `<imsss:sequencing><imsss:objectives><imsss:primaryObjective objectiveID="primary" satisfiedByMeasure="true"><imsss:minNormalizedMeasure>${(sco.masteryScore / 100).toFixed(2)}</imsss:minNormalizedMeasure></imsss:primaryObjective></imsss:objectives></imsss:sequencing>`;
    const parameters = sco.parameters ? ` parameters="${escapeXml(sco.parameters)}"` : '';
    return `<item identifier="${sco.identifier}" identifierref="res-${sco.identifier}"${parameters}><title>${escapeXml(sco.title)}</title>${mastery}</item>`;
  };
  const items = [
    ...scos.filter((sco) => sco.parent === undefined).map(itemXml),
    ...folders.map(
      (folder, index) =>
        `<item identifier="folder-${index + 1}"><title>${escapeXml(folder)}</title>${scos
          .filter((sco) => sco.parent === folder)
          .map(itemXml)
          .join('')}</item>`,
    ),
  ].join('\n');
  const resources = scos
    .map(
      (sco) =>
        `<resource identifier="res-${sco.identifier}" type="webcontent" ${v12 ? 'adlcp:scormtype' : 'adlcp:scormType'}="sco" href="${escapeXml(encodeURI(sco.href))}"><file href="${escapeXml(encodeURI(sco.href))}"/></resource>`,
    )
    .join('\n');
  const schemaVersion = v12 ? '1.2' : version === '2004-3' ? '2004 3rd Edition' : '2004 4th Edition';
  const namespaces = v12
    ? 'xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"'
    : 'xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xmlns:imsss="http://www.imsglobal.org/xsd/imsss" xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"';
  return `${bom ? '\uFEFF' : ''}<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="test-${version}" version="1" ${namespaces}>
<metadata><schema>ADL SCORM</schema><schemaversion>${schemaVersion}</schemaversion></metadata>
<organizations default="org"><organization identifier="org"><title>${escapeXml(title)}</title>
${items}
</organization></organizations>
<resources>
${resources}
</resources>
</manifest>`;
}

export type ScoPageOptions = {
  version: ScormTestVersion;
  title: string;
  /** How many pages the learner reads before the question; 3 unless told. */
  pages?: number;
  /** false: the SCO never calls Commit, so only Finish and leaving the player save what it set. */
  commits?: boolean;
};

/**
 * A SCO's page: it finds the API by walking up window.parent (then window.opener), initializes,
 * resumes at cmi location with its suspend_data, shows 'Page N of M' with a 'Next page' button, and
 * on the last page a question ('Answer correctly' / 'Answer wrongly') that writes an interaction, a
 * score and the status, then finishes ('Passed' or 'Failed' on screen).
 */
export function scoPage({ version, title, pages = 3, commits = true }: ScoPageOptions): string {
  const v12 = version === '1.2';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeXml(title)}</title></head>
<body><main><h1>${escapeXml(title)}</h1><p id="page"></p><p id="result"></p><div id="actions"></div></main>
<script>
(function () {
  var V12 = ${v12};
  var PAGES = ${pages};
  var COMMITS = ${commits};
  function find(win) {
    for (var hops = 0; win && hops < 12; hops++) {
      try { var api = win[V12 ? 'API' : 'API_1484_11']; if (api) return api; } catch (e) {}
      if (win.parent === win) break;
      win = win.parent;
    }
    return null;
  }
  var api = find(window) || (window.opener ? find(window.opener) : null);
  var E = V12
    ? { location: 'cmi.core.lesson_location', status: 'cmi.core.lesson_status', raw: 'cmi.core.score.raw', exit: 'cmi.core.exit', response: 'student_response' }
    : { location: 'cmi.location', status: 'cmi.completion_status', raw: 'cmi.score.raw', exit: 'cmi.exit', response: 'learner_response' };
  function get(name) { return V12 ? api.LMSGetValue(name) : api.GetValue(name); }
  function set(name, value) { return V12 ? api.LMSSetValue(name, String(value)) : api.SetValue(name, String(value)); }
  function commit() { if (COMMITS) { V12 ? api.LMSCommit('') : api.Commit(''); } }
  function finish() { V12 ? api.LMSFinish('') : api.Terminate(''); }
  var pageEl = document.getElementById('page');
  var resultEl = document.getElementById('result');
  var actions = document.getElementById('actions');
  if (!api) { resultEl.textContent = 'No SCORM API found'; return; }
  V12 ? api.LMSInitialize('') : api.Initialize('');
  var page = Number(get(E.location)) || 1;
  var visited = get('cmi.suspend_data') || '';
  function button(label, onClick) {
    var b = document.createElement('button'); b.type = 'button'; b.textContent = label; b.onclick = onClick; actions.appendChild(b);
  }
  function show() {
    pageEl.textContent = 'Page ' + page + ' of ' + PAGES;
    actions.textContent = '';
    if (page < PAGES) button('Next page', function () {
      page += 1; visited = visited ? visited + ',' + page : '1,' + page;
      set(E.location, page); set('cmi.suspend_data', visited);
      if (V12) set(E.status, 'incomplete'); else set(E.status, 'incomplete');
      commit(); show();
    });
    else { button('Answer correctly', function () { answer(true); }); button('Answer wrongly', function () { answer(false); }); }
  }
  function answer(right) {
    set('cmi.interactions.0.id', 'q1');
    set('cmi.interactions.0.type', 'choice');
    set('cmi.interactions.0.' + E.response, right ? 'a' : 'b');
    set('cmi.interactions.0.result', right ? 'correct' : (V12 ? 'wrong' : 'incorrect'));
    set(E.raw, right ? 100 : 20);
    if (V12) { set('cmi.core.score.min', 0); set('cmi.core.score.max', 100); set(E.status, right ? 'passed' : 'failed'); }
    else { set('cmi.score.min', 0); set('cmi.score.max', 100); set('cmi.score.scaled', right ? 1 : 0.2); set('cmi.completion_status', 'completed'); set('cmi.success_status', right ? 'passed' : 'failed'); }
    set(E.exit, V12 ? '' : 'normal');
    commit(); finish();
    actions.textContent = '';
    resultEl.textContent = right ? 'Passed' : 'Failed';
  }
  show();
})();
</script></body></html>`;
}

export type TestPackageOptions = {
  version: ScormTestVersion;
  title: string;
  scos?: TestSco[];
  /** The package's files lie in this folder of the zip, the manifest with them. */
  folder?: string;
  bom?: boolean;
  pages?: number;
  commits?: boolean;
  /** More files beside the SCOs' pages. */
  extra?: Record<string, string | Buffer>;
};

/** A whole package: the manifest and a page per SCO (by scoPage). */
export function scormPackage({
  version,
  title,
  scos = [{ identifier: 'sco-1', title, href: 'index.html' }],
  folder = '',
  bom,
  pages,
  commits,
  extra = {},
}: TestPackageOptions): Promise<Buffer> {
  const prefix = folder ? `${folder.replace(/\/$/, '')}/` : '';
  const entries: Record<string, string | Buffer> = {
    [`${prefix}imsmanifest.xml`]: manifestXml(version, title, scos, { bom }),
  };
  // An href may carry a query string (`quiz.html?lang=en`): the file is the path before it.
  for (const sco of scos)
    entries[`${prefix}${sco.href.replace(/[?#].*$/s, '')}`] = scoPage({
      version,
      title: sco.title,
      pages,
      commits,
    });
  for (const [name, content] of Object.entries(extra)) entries[`${prefix}${name}`] = content;
  return zipOf(entries);
}
