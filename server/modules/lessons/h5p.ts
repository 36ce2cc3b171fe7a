import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * H5P packages (.h5p: a zip with h5p.json, content/content.json and its library folders) play in
 * the browser with h5p-standalone, from the package's unpacked files and the player's own assets,
 * both served by the embed route under its signed prefix.
 */

/**
 * Where h5p-standalone's built player lies (its dist folder) and its version, or undefined when it
 * is not installed: it is an optional dependency, since npm before 11.16 runs its preinstall script
 * (which insists on yarn) and then leaves it out; H5P uploads are refused without it.
 */
export function findPlayer(
  resolve: (id: string) => string = createRequire(import.meta.url).resolve,
): { dist: string; version: string } | undefined {
  try {
    const manifest = resolve('h5p-standalone/package.json');
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
    return { dist: join(dirname(manifest), 'dist'), version };
  } catch {
    return undefined;
  }
}

export const h5pPlayer = findPlayer();

/**
 * The folder, under an H5P activity's signed embed prefix, that serves the player's assets. Its
 * name holds the player's version, so the assets may be cached for good; a dot first, so that no
 * H5P library folder (`H5P.Name-1.0`) or `content` takes it.
 */
export const PLAYER_FOLDER = `.h5p-player-${h5pPlayer?.version ?? 'none'}`;

/** The player's file at `path` (inside its dist folder), or undefined when it has none. */
export function playerAssetFile(path: string): string | undefined {
  if (!h5pPlayer) return undefined;
  if (!/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*(\/[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*)*$/.test(path))
    return undefined;
  if (!/\.(js|css|woff2?|ttf|eot|svg|gif|png)$/.test(path)) return undefined;
  return join(h5pPlayer.dist, path);
}

/** What h5p.json must hold for the player to start: the spec's required fields. */
type H5pDependency = { machineName: string; majorVersion: number; minorVersion: number };
export type H5pManifest = {
  title: string;
  mainLibrary: string;
  language: string;
  embedTypes: string[];
  preloadedDependencies: H5pDependency[];
};

const isDependency = (value: unknown): value is H5pDependency => {
  const dependency = value as Partial<H5pDependency> | null;
  return (
    typeof dependency === 'object' &&
    dependency !== null &&
    typeof dependency.machineName === 'string' &&
    /^[\w.-]+$/.test(dependency.machineName) &&
    Number.isInteger(Number(dependency.majorVersion)) &&
    Number.isInteger(Number(dependency.minorVersion))
  );
};

/** h5p.json read: its required fields, or undefined when it lacks one or is not JSON. */
export function readManifest(text: string): H5pManifest | undefined {
  let manifest: Partial<H5pManifest> | null;
  try {
    manifest = JSON.parse(text.replace(/^\uFEFF/, '')) as Partial<H5pManifest> | null;
  } catch {
    return undefined;
  }
  if (typeof manifest !== 'object' || manifest === null) return undefined;
  const { title, mainLibrary, language, embedTypes, preloadedDependencies } = manifest;
  if (typeof title !== 'string' || typeof mainLibrary !== 'string' || typeof language !== 'string')
    return undefined;
  if (!Array.isArray(embedTypes) || !embedTypes.every((type) => type === 'div' || type === 'iframe'))
    return undefined;
  if (!Array.isArray(preloadedDependencies) || !preloadedDependencies.every(isDependency)) return undefined;
  if (!preloadedDependencies.some((dependency) => dependency.machineName === mainLibrary)) return undefined;
  return manifest as H5pManifest;
}

/** The folders the main library's library.json may lie in: `Name-1.0` (the usual) or `Name`. */
export function mainLibraryFolders(manifest: H5pManifest): string[] {
  const main = manifest.preloadedDependencies.find(
    (dependency) => dependency.machineName === manifest.mainLibrary,
  );
  if (!main) return [];
  return [`${main.machineName}-${Number(main.majorVersion)}.${Number(main.minorVersion)}`, main.machineName];
}

const json = (value: string) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The sandbox (an opaque origin) refuses web storage, which the H5P core reads as it starts (its
 * offline queue): a storage in memory, for as long as the document lives, stands in for it.
 */
const STORAGE_IN_MEMORY = `(function () {
  function memory() {
    var items = new Map();
    return {
      get length() { return items.size; },
      key: function (index) { return Array.from(items.keys())[index] ?? null; },
      getItem: function (key) { return items.has(String(key)) ? items.get(String(key)) : null; },
      setItem: function (key, value) { items.set(String(key), String(value)); },
      removeItem: function (key) { items.delete(String(key)); },
      clear: function () { items.clear(); },
    };
  }
  ['localStorage', 'sessionStorage'].forEach(function (name) {
    try { window[name]; } catch (refused) {
      Object.defineProperty(window, name, { value: memory(), configurable: true });
    }
  });
})();`;

/**
 * The document an H5P activity's embed link answers: h5p-standalone plays the package found under
 * `prefix` (the signed embed prefix, an absolute path), with the player's assets under it too. It
 * plays in a div of this document: in the sandbox every frame gets an opaque origin of its own, so
 * the player could not write into an inner frame of its own (its default).
 */
export function playerDocument(prefix: string, title: string): string {
  const player = `${prefix}/${PLAYER_FOLDER}`;
  const escapedTitle = title.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapedTitle}</title><style>html,body{margin:0}</style><script>${STORAGE_IN_MEMORY}</script><script src="${player}/main.bundle.js"></script></head><body><div id="h5p-container"></div><script>new H5PStandalone.H5P(document.getElementById('h5p-container'), { h5pJsonPath: ${json(prefix)}, frameJs: ${json(`${player}/frame.bundle.js`)}, frameCss: ${json(`${player}/styles/h5p.css`)}, embedType: 'div' });</script></body></html>`;
}
