import { XMLParser, XMLValidator } from 'fast-xml-parser';
import {
  type ElearningItem,
  type ElearningObjective,
  type ElearningStructure,
  elearningMessages as m,
  type ScormVersion,
} from '../../../contract/elearning/resource.ts';
import { launchOf, resolveHref } from './launch.ts';

/** What a manifest says of its package: the version, its organization and the resources' files. */
export type ReadManifest = { scormVersion: ScormVersion; structure: ElearningStructure };

/** A manifest the import refuses, with the message saying why. */
export class ManifestRefused extends Error {}

type Node = Record<string, unknown>;

const LISTS = new Set(['organization', 'item', 'resource', 'file', 'dependency', 'objective', 'mapInfo']);

// No entities are expanded (a DOCTYPE's own or any other): `&e;` stays as written, so a manifest
// cannot grow itself or read a file. The five XML escapes and character references are decoded by
// `decoded` below. Prefixes are dropped, so `adlcp:`, `imsss:` or any other prefix reads the same.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  trimValues: true,
  isArray: (name) => LISTS.has(name),
});

const ESCAPES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The XML escapes and character references decoded; any other entity is left as written. */
function decoded(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ESCAPES[name] ?? whole;
  });
}

const asNode = (value: unknown): Node | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : undefined;
const list = (value: unknown): Node[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).flatMap((entry) => {
    const node = asNode(entry);
    return node ? [node] : typeof entry === 'string' ? [{ '#text': entry }] : [];
  });

/** An element's text, whether it has attributes or not; undefined when absent or empty. */
function text(value: unknown): string | undefined {
  const raw = typeof value === 'string' ? value : asNode(value)?.['#text'];
  if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
  const result = decoded(String(raw)).trim();
  return result === '' ? undefined : result;
}

/** An attribute's value, its name matched without regard to case (`scormtype`, `scormType`). */
function attribute(node: Node | undefined, name: string): string | undefined {
  if (!node) return undefined;
  const wanted = `@${name.toLowerCase()}`;
  const key = Object.keys(node).find((candidate) => candidate.toLowerCase() === wanted);
  const value = key === undefined ? undefined : node[key];
  return typeof value === 'string' ? decoded(value).trim() : undefined;
}

/** A child element, its name matched without regard to case (`datafromlms`, `dataFromLMS`). */
function child(node: Node | undefined, name: string): unknown {
  if (!node) return undefined;
  const key = Object.keys(node).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : node[key];
}

const numberOr = (value: string | undefined): number | null => {
  if (value === undefined || !/^[-+]?(\d+\.?\d*|\.\d+)$/.test(value)) return null;
  return Number(value);
};

/**
 * The version from metadata/schemaversion ('1.2'; 'CAM 1.3' or '2004 3rd Edition'; '2004 4th
 * Edition'), else from the namespaces the manifest declares (1.2's imscp_rootv1p1p2 or
 * adlcp_rootv1p2; 2004's adlcp_v1p3, read as the 3rd edition when nothing says the 4th).
 */
function versionOf(manifest: Node, source: string): ScormVersion {
  const declared = text(child(asNode(child(manifest, 'metadata')), 'schemaversion'))?.toLowerCase() ?? '';
  if (/^1\.2\b/.test(declared)) return '1.2';
  if (/4th/.test(declared)) return '2004-4';
  if (/2004|cam 1\.3|^1\.3/.test(declared)) return '2004-3';
  if (/adlcp_rootv1p2|imscp_rootv1p1p2/.test(source)) return '1.2';
  if (/adlnav_v1p3|adlcp_v1p3|imsss/.test(source)) return /4th|2004_4/i.test(source) ? '2004-4' : '2004-3';
  return '1.2';
}

/** 2004 sequencing: the objectives, with the primary's minimum measure when it is satisfied by it. */
function objectivesOf(item: Node): ElearningObjective[] {
  const objectives = asNode(child(asNode(child(item, 'sequencing')), 'objectives'));
  if (!objectives) return [];
  const one = (node: Node, primary: boolean): ElearningObjective => ({
    id: attribute(node, 'objectiveID') ?? '',
    primary,
    satisfiedByMeasure: attribute(node, 'satisfiedByMeasure') === 'true',
    minNormalizedMeasure: numberOr(text(child(node, 'minNormalizedMeasure'))),
  });
  return [
    ...list(child(objectives, 'primaryObjective')).map((node) => one(node, true)),
    ...list(child(objectives, 'objective')).map((node) => one(node, false)),
  ];
}

/**
 * 2004 `adlcp:completionThreshold`: its text (3rd edition), or its minProgressMeasure (4th, 1 by
 * default) when completedByMeasure is true; a 4th edition threshold not completed by measure is none.
 */
function completionThresholdOf(item: Node): number | null {
  const node = child(item, 'completionThreshold');
  if (node === undefined) return null;
  const fromText = numberOr(text(node));
  if (fromText !== null) return fromText;
  if (attribute(asNode(node), 'completedByMeasure') !== 'true') return null;
  const measure = attribute(asNode(node), 'minProgressMeasure');
  return measure === undefined ? 1 : numberOr(measure);
}

type Resource = { href: string | null; scormType: 'sco' | 'asset' };

function resourcesOf(manifest: Node): Map<string, Resource> {
  const resourcesNode = asNode(child(manifest, 'resources'));
  const bases = [attribute(manifest, 'base'), attribute(resourcesNode, 'base')];
  const resources = new Map<string, Resource>();
  for (const resource of list(child(resourcesNode, 'resource'))) {
    const identifier = attribute(resource, 'identifier');
    if (!identifier) continue;
    const href = attribute(resource, 'href');
    resources.set(identifier, {
      href: href ? resolveHref([...bases, attribute(resource, 'base')], href) : null,
      scormType: attribute(resource, 'scormType')?.toLowerCase() === 'sco' ? 'sco' : 'asset',
    });
  }
  return resources;
}

/** The items of an organization in document order, each with its depth; folder items included. */
function itemsOf(organization: Node, resources: Map<string, Resource>): ElearningItem[] {
  const items: ElearningItem[] = [];
  const walk = (node: Node, depth: number) => {
    for (const item of list(child(node, 'item'))) {
      const identifier = attribute(item, 'identifier') ?? `item-${items.length + 1}`;
      const ref = attribute(item, 'identifierref');
      const resource = ref ? resources.get(ref) : undefined;
      if (ref && !resource) throw new ManifestRefused(m.resourceMissing(identifier, ref));
      const launch = resource?.href ? launchOf(resource.href, attribute(item, 'parameters')) : null;
      const objectives = objectivesOf(item);
      const primary = objectives.find((objective) => objective.primary);
      const limits = asNode(child(asNode(child(item, 'sequencing')), 'limitConditions'));
      items.push({
        identifier,
        title: text(child(item, 'title')) ?? identifier,
        depth,
        launch,
        scormType: launch === null ? null : (resource?.scormType ?? 'asset'),
        masteryScore: numberOr(text(child(item, 'masteryscore'))),
        scaledPassingScore: primary?.satisfiedByMeasure ? primary.minNormalizedMeasure : null,
        completionThreshold: completionThresholdOf(item),
        dataFromLms: text(child(item, 'dataFromLMS')) ?? null,
        timeLimitAction: text(child(item, 'timeLimitAction')) ?? null,
        maxTimeAllowed:
          text(child(item, 'maxTimeAllowed')) ?? attribute(limits, 'attemptAbsoluteDurationLimit') ?? null,
        objectives,
      });
      walk(item, depth + 1);
    }
  };
  walk(organization, 0);
  return items;
}

/** The manifest's bytes as text: UTF-8 (with or without a byte-order mark) or UTF-16 with its mark. */
function manifestText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  return new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
}

/**
 * Reads imsmanifest.xml as real packages write it: the version, the default organization (or the
 * first) with its items in order and their launch files, resolved against the resources' xml:base
 * and with the items' `parameters` merged in. Throws ManifestRefused with the reason.
 */
export function readManifest(bytes: Buffer): ReadManifest {
  const source = manifestText(bytes);
  const valid = XMLValidator.validate(source);
  if (valid !== true)
    throw new ManifestRefused(m.malformedManifest(`line ${valid.err.line}: ${valid.err.msg}`));
  let document: Node;
  try {
    document = parser.parse(source) as Node;
  } catch (error) {
    throw new ManifestRefused(m.malformedManifest((error as Error).message));
  }
  const manifest = asNode(child(document, 'manifest'));
  if (!manifest) throw new ManifestRefused(m.notManifest);
  const organizationsNode = asNode(child(manifest, 'organizations'));
  const organizations = list(child(organizationsNode, 'organization'));
  const wanted = attribute(organizationsNode, 'default');
  const organization =
    organizations.find((candidate) => attribute(candidate, 'identifier') === wanted) ?? organizations[0];
  if (!organization) throw new ManifestRefused(m.noOrganization);
  const items = itemsOf(organization, resourcesOf(manifest));
  if (!items.some((item) => item.launch !== null)) throw new ManifestRefused(m.noOrganization);
  return {
    scormVersion: versionOf(manifest, source),
    structure: { organizationTitle: text(child(organization, 'title')) ?? '', items },
  };
}
