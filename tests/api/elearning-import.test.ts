import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ElearningDetail, elearningMessages as m } from '../../contract/elearning/resource.ts';
import { messages } from '../../contract/messages.ts';
import { createFileStore } from '../../server/files/store.ts';
import { elearningFileKey } from '../../server/modules/elearning/keys.ts';
import { readUploadFiles } from '../../server/modules/elearning/unpack.ts';
import { manifestXml, scoPage, scormPackage, zipOf } from '../e2e/support/scorm-packages.ts';
import { storedElearningKeys, uploadPackage } from './elearning-import-fixtures.ts';
import { createTestContext, demo, type TestContext } from './helpers.ts';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login(demo.admin.email, demo.admin.password);
});
afterAll(() => t.close());

const imported = async (zip: Buffer, fields: Record<string, string> = {}) => {
  const answer = await uploadPackage(t, admin, zip, fields);
  expect(answer.status, answer.text).toBe(201);
  return answer.body.results as ElearningDetail;
};

/** The folder of a package's current upload, found by the listing it keeps beside its files. */
const contentKeyOf = (packageId: string) =>
  storedElearningKeys(t)
    .find((key) => key.startsWith(`elearning/${packageId}/`) && key.endsWith('/files.json'))
    ?.replace(/\/files\.json$/, '') as string;

const fileText = (packageId: string, path: string) =>
  createFileStore(t.config.files).disk.get(elearningFileKey(contentKeyOf(packageId), path));

describe('reading imsmanifest.xml as packages write it', () => {
  it('reads a 1.2 package: a byte-order mark, scormtype, nested items and folders, several SCOs, launch files with spaces, non-ASCII names and parameters, the manifest one folder down', async () => {
    const zip = await scormPackage({
      version: '1.2',
      title: 'Forklift basics',
      folder: 'Forklift course',
      bom: true,
      scos: [
        { identifier: 'intro', title: 'Introduction', href: 'intro page.html', masteryScore: 80 },
        {
          identifier: 'checks',
          title: 'Daily checks',
          href: 'lessons/prüfung.html',
          parent: 'Part two',
          parameters: '?mode=review',
        },
        {
          identifier: 'quiz',
          title: 'Final quiz',
          href: 'quiz.html?lang=en',
          parent: 'Part two',
          parameters: 'attempt=1',
        },
      ],
    });
    const detail = await imported(zip);
    expect(detail).toMatchObject({
      title: 'Forklift basics',
      organizationTitle: 'Forklift basics',
      scormVersion: '1.2',
      scoCount: 3,
      packageVersion: 1,
      packageMasteryScore: 80,
      masteryScore: null,
      completionRule: 'reported',
      learnerCount: 0,
      fileName: 'package.zip',
    });
    expect(
      detail.structure.items.map(({ identifier, depth, launch, scormType }) => ({
        identifier,
        depth,
        launch,
        scormType,
      })),
    ).toEqual([
      { identifier: 'intro', depth: 0, launch: 'intro page.html', scormType: 'sco' },
      { identifier: 'folder-1', depth: 0, launch: null, scormType: null },
      { identifier: 'checks', depth: 1, launch: 'lessons/prüfung.html?mode=review', scormType: 'sco' },
      { identifier: 'quiz', depth: 1, launch: 'quiz.html?lang=en&attempt=1', scormType: 'sco' },
    ]);
    expect(detail.structure.items[0]?.masteryScore).toBe(80);
    expect(detail.structure.items[1]?.title).toBe('Part two');
    // The files lie by their paths from the manifest's folder, the decoded names as written.
    expect(await fileText(detail._id, 'lessons/prüfung.html')).toContain('Daily checks');
    const listed = await readUploadFiles(createFileStore(t.config.files), contentKeyOf(detail._id));
    expect(listed.map((file) => file.path).sort()).toEqual(
      ['imsmanifest.xml', 'intro page.html', 'lessons/prüfung.html', 'quiz.html'].sort(),
    );
    expect(listed.every((file) => file.size > 0)).toBe(true);
  });

  it('reads a 2004 4th edition package: scormType, the passing score, objectives, completion threshold, data from the LMS and time limit action', async () => {
    const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="m" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
<metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
<organizations default="second"><organization identifier="first"><title>Not this one</title><item identifier="x" identifierref="r1"><title>X</title></item></organization>
<organization identifier="second"><title>Safety &amp; health</title>
<item identifier="s1" identifierref="r1" parameters="#start"><title>Module one</title>
<adlcp:completionThreshold completedByMeasure="true" minProgressMeasure="0.75"/>
<adlcp:dataFromLMS>level=2</adlcp:dataFromLMS><adlcp:timeLimitAction>exit,message</adlcp:timeLimitAction>
<imsss:sequencing><imsss:limitConditions attemptAbsoluteDurationLimit="PT1H"/><imsss:objectives>
<imsss:primaryObjective objectiveID="pass" satisfiedByMeasure="true"><imsss:minNormalizedMeasure>0.6</imsss:minNormalizedMeasure></imsss:primaryObjective>
<imsss:objective objectiveID="extra"/></imsss:objectives></imsss:sequencing></item>
<item identifier="s2" identifierref="r2"><title>Handout</title><adlcp:completionThreshold completedByMeasure="false" minProgressMeasure="0.5"/></item>
</organization></organizations>
<resources xml:base="content/"><resource identifier="r1" type="webcontent" adlcp:scormType="sco" xml:base="one/" href="index%20page.html"/>
<resource identifier="r2" type="webcontent" adlcp:scormType="asset" href="handout.html"/></resources></manifest>`;
    const zip = await zipOf({
      'imsmanifest.xml': manifest,
      'content/one/index page.html': scoPage({ version: '2004-4', title: 'Module one' }),
      'content/handout.html': '<p>Handout</p>',
    });
    const detail = await imported(zip);
    expect(detail.scormVersion).toBe('2004-4');
    expect(detail.organizationTitle).toBe('Safety & health');
    expect(detail.packageMasteryScore).toBe(60);
    const [first, second] = detail.structure.items;
    expect(first).toEqual({
      identifier: 's1',
      title: 'Module one',
      depth: 0,
      launch: 'content/one/index page.html#start',
      scormType: 'sco',
      masteryScore: null,
      scaledPassingScore: 0.6,
      completionThreshold: 0.75,
      dataFromLms: 'level=2',
      timeLimitAction: 'exit,message',
      maxTimeAllowed: 'PT1H',
      objectives: [
        { id: 'pass', primary: true, satisfiedByMeasure: true, minNormalizedMeasure: 0.6 },
        { id: 'extra', primary: false, satisfiedByMeasure: false, minNormalizedMeasure: null },
      ],
    });
    expect(second).toMatchObject({
      identifier: 's2',
      launch: 'content/handout.html',
      scormType: 'asset',
      completionThreshold: null,
    });
  });

  it('reads 1.2 data from the LMS, time allowed and time limit action, and the version from the namespaces when the metadata says none', async () => {
    const manifest = `<manifest identifier="m" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
<organizations default="o"><organization identifier="o"><title>Old course</title>
<item identifier="i" identifierref="r"><title>Only</title><adlcp:datafromlms>mode=a</adlcp:datafromlms><adlcp:maxtimeallowed>00:30:00</adlcp:maxtimeallowed><adlcp:timelimitaction>continue,no message</adlcp:timelimitaction></item>
</organization></organizations><resources><resource identifier="r" type="webcontent" adlcp:scormtype="sco" href="a.html"/></resources></manifest>`;
    const detail = await imported(await zipOf({ 'imsmanifest.xml': manifest, 'a.html': '<p>a</p>' }));
    expect(detail.scormVersion).toBe('1.2');
    expect(detail.structure.items[0]).toMatchObject({
      dataFromLms: 'mode=a',
      maxTimeAllowed: '00:30:00',
      timeLimitAction: 'continue,no message',
      scormType: 'sco',
    });
    const v2004 = manifestXml('2004-3', 'Third', [{ identifier: 's', title: 'S', href: 'a.html' }]).replace(
      /<metadata>.*<\/metadata>/s,
      '',
    );
    const third = await imported(await zipOf({ 'imsmanifest.xml': v2004, 'a.html': '<p>a</p>' }));
    expect(third.scormVersion).toBe('2004-3');
  });

  it("names the package after its organization when the form gives no title, and keeps the admin's title, mastery score and rule when it does", async () => {
    const zip = await scormPackage({ version: '2004-3', title: 'Ladder safety' });
    const unnamed = await imported(zip, { title: '  ' });
    expect(unnamed.title).toBe('Ladder safety');
    const named = await imported(zip, {
      title: 'Ladders (site version)',
      description: 'For the yard.',
      masteryScore: '75',
      completionRule: 'exit',
    });
    expect(named).toMatchObject({
      title: 'Ladders (site version)',
      description: 'For the yard.',
      masteryScore: 75,
      completionRule: 'exit',
    });
  });

  it("names a package whose organization has no title after its zip's name", async () => {
    const manifest = manifestXml('1.2', 'x', [{ identifier: 's', title: 'S', href: 'a.html' }]).replace(
      '<title>x</title>',
      '',
    );
    const answer = await uploadPackage(
      t,
      admin,
      await zipOf({ 'imsmanifest.xml': manifest, 'a.html': 'a' }),
      {},
      'Crane signals v2.zip',
    );
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body.results).toMatchObject({
      title: 'Crane signals v2',
      organizationTitle: '',
      fileName: 'Crane signals v2.zip',
    });
  });

  it('takes a version from schemaversion as 2004 3rd edition tools write it', async () => {
    const zip = await scormPackage({ version: '2004-3', title: 'Third edition' });
    expect((await imported(zip)).scormVersion).toBe('2004-3');
    const cam = manifestXml('2004-3', 'CAM', [{ identifier: 's', title: 'S', href: 'a.html' }]).replace(
      '2004 3rd Edition',
      'CAM 1.3',
    );
    expect((await imported(await zipOf({ 'imsmanifest.xml': cam, 'a.html': 'a' }))).scormVersion).toBe(
      '2004-3',
    );
  });

  it('refuses a form field it does not know and a bad mastery score, keeping nothing', async () => {
    const before = storedElearningKeys(t);
    const zip = await scormPackage({ version: '1.2', title: 'Fields' });
    const bad = await uploadPackage(t, admin, zip, { masteryScore: '101', completionRule: 'sometimes' });
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({
      message: messages.validationFailed,
      errors: { masteryScore: m.masteryScoreInvalid, completionRule: m.completionRuleInvalid },
    });
    const missing = await uploadPackage(t, admin, undefined, { title: 'No file' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ file: m.fileRequired });
    expect(storedElearningKeys(t)).toEqual(before);
  });
});
