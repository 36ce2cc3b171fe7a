import { randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FileStore } from '../files/store.ts';
import { type Imported, importUpload } from '../modules/elearning/import.ts';
import { newContentKey, zipKeyOf } from '../modules/elearning/keys.ts';
import type { Transaction } from './client.ts';
import { courseCategories } from './schema/course-categories.ts';
import { courseOutlineItems, courses } from './schema/courses.ts';
import { elearningPackages } from './schema/elearning.ts';

/**
 * The demo's e-learning package (record 028): a small SCORM 1.2 package made here, not copied from
 * anywhere, imported as an upload is, and put in a course open to everyone, so a newcomer finds
 * one in the E-Learning list and plays it in the course player. Seeded only with a file store.
 */

export const DEMO_PACKAGE_TITLE = 'Fire Extinguishers: The Basics';
export const DEMO_PACKAGE_COURSE = 'Fire Extinguishers (e-learning)';

const MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="demo-fire-extinguishers" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org">
    <organization identifier="org">
      <title>${DEMO_PACKAGE_TITLE}</title>
      <item identifier="lesson" identifierref="lesson-resource">
        <title>Choosing and using an extinguisher</title>
        <adlcp:masteryscore>80</adlcp:masteryscore>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="lesson-resource" type="webcontent" adlcp:scormtype="sco" href="index.html">
      <file href="index.html"/>
    </resource>
  </resources>
</manifest>
`;

const PAGES = [
  [
    'Raise the alarm first',
    'Before you fight a fire, raise the alarm and make sure you have a way out behind you.',
  ],
  ['Know the classes', 'Water for paper and wood; CO2 for electrical fires; foam for flammable liquids.'],
  ['Use PASS', 'Pull the pin, Aim at the base, Squeeze the handle, Sweep from side to side.'],
];

/** The SCO: three pages, then a question; it resumes at its page and reports its status and score. */
const SCO = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${DEMO_PACKAGE_TITLE}</title>
<style>body{font-family:system-ui,sans-serif;margin:1.5rem;line-height:1.5;color:#1a1b1e}h1{font-size:1.5rem;line-height:1.25}button{font:inherit;padding:.5rem 1rem;margin:.25rem .5rem .25rem 0}</style>
</head><body><main id="page"></main>
<script>
var pages = ${JSON.stringify(PAGES)};
function findApi(win) {
  for (var hops = 0; win && hops < 10; hops++) {
    if (win.API) return win.API;
    if (win.parent === win) break;
    win = win.parent;
  }
  return window.opener && window.opener.API ? window.opener.API : null;
}
var api = findApi(window);
if (api) api.LMSInitialize('');
var done = false;
function set(name, value) { if (api) api.LMSSetValue(name, value); }
function finish() {
  if (done || !api) return;
  done = true;
  api.LMSCommit('');
  api.LMSFinish('');
}
function show(index) {
  var main = document.getElementById('page');
  main.textContent = '';
  var heading = document.createElement('h1');
  var text = document.createElement('p');
  if (index < pages.length) {
    heading.textContent = pages[index][0];
    text.textContent = pages[index][1] + ' (Page ' + (index + 1) + ' of ' + pages.length + ')';
    var next = document.createElement('button');
    next.textContent = 'Next page';
    next.onclick = function () { show(index + 1); };
    main.append(heading, text, next);
    set('cmi.core.lesson_location', String(index));
    set('cmi.core.lesson_status', 'incomplete');
    set('cmi.core.exit', 'suspend');
    if (api) api.LMSCommit('');
    return;
  }
  heading.textContent = 'Which extinguisher is for an electrical fire?';
  main.append(heading);
  [['CO2', true], ['Water', false]].forEach(function (choice) {
    var button = document.createElement('button');
    button.textContent = choice[0];
    button.onclick = function () {
      var score = choice[1] ? 100 : 0;
      set('cmi.interactions.0.id', 'electrical-fire');
      set('cmi.interactions.0.type', 'choice');
      set('cmi.interactions.0.student_response', choice[0]);
      set('cmi.interactions.0.result', choice[1] ? 'correct' : 'wrong');
      set('cmi.core.score.raw', String(score));
      set('cmi.core.score.max', '100');
      set('cmi.core.score.min', '0');
      set('cmi.core.lesson_status', choice[1] ? 'passed' : 'failed');
      set('cmi.core.exit', '');
      text.textContent = choice[1] ? 'Passed: CO2 puts out an electrical fire without conducting.' : 'Failed: water conducts electricity. Try the package again.';
      main.append(text);
      finish();
    };
    main.append(button);
  });
}
var saved = api ? Number(api.LMSGetValue('cmi.core.lesson_location')) : 0;
show(Number.isInteger(saved) && saved >= 0 && saved < pages.length ? saved : 0);
window.addEventListener('pagehide', finish);
</script></body></html>
`;

/** A zip of `files`, each stored as it is (no compression), its names in UTF-8. */
export function storedZip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [path, text] of Object.entries(files)) {
    const name = Buffer.from(path, 'utf8');
    const data = Buffer.from(text, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(0, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const count = Object.keys(files).length;
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export type SeedPackage = { id: string; imported: Imported };

/** Stores the demo package's zip and imports it, as an upload would be, before the seed's transaction. */
export async function storeSeedPackage(store: FileStore): Promise<SeedPackage> {
  const id = randomUUID();
  const contentKey = newContentKey(id);
  const zip = storedZip({ 'imsmanifest.xml': MANIFEST, 'index.html': SCO });
  await store.disk.put(zipKeyOf(contentKey), zip, { contentType: 'application/zip' });
  const imported = await importUpload(store, {
    contentKey,
    size: zip.length,
    name: 'fire-extinguishers.zip',
  });
  return { id, imported };
}

/** The package's row, and a course open to everyone that holds it, in the Fire Safety category. */
export async function seedElearning(tx: Transaction, seeded: SeedPackage) {
  await tx.insert(elearningPackages).values({
    id: seeded.id,
    title: DEMO_PACKAGE_TITLE,
    description: 'Raising the alarm, the classes of fire and the PASS technique, with a question at the end.',
    ...seeded.imported.columns,
  });
  const [category] = await tx
    .select({ id: courseCategories.id })
    .from(courseCategories)
    .where(eq(courseCategories.name, 'Fire Safety'))
    .limit(1);
  const [course] = await tx
    .insert(courses)
    .values({
      name: DEMO_PACKAGE_COURSE,
      description: '<p>A short SCORM package: read three pages, answer one question.</p>',
      permission: 'none',
      categoryId: category?.id ?? null,
    })
    .returning({ id: courses.id });
  if (!course) throw new Error('Seeding the e-learning course returned nothing');
  await tx
    .insert(courseOutlineItems)
    .values({ courseId: course.id, position: 1, elearningPackageId: seeded.id });
  return course.id;
}
