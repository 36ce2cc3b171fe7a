import { contentAddress, SHELL_CACHE, uploadCacheName } from '../../sw/elearning-cache-keys.ts';

/** How many files are fetched at once while keeping an upload: a browser's connections per host. */
const AT_ONCE = 6;

/**
 * Keeps this launcher's upload on the device for offline play: the launcher page, the runtime and
 * every file files.json lists, in the upload's own cache, keyed without the link's signature, where
 * the content origin's service worker answers them from. All or nothing: a file that fails leaves
 * the upload's cache as it was.
 */
export async function keepUpload(runtimeUrl: string): Promise<void> {
  const here = new URL(window.location.href);
  here.search = '';
  here.hash = '';
  const address = contentAddress(here);
  if (!address) throw new Error('The launcher is not at a package address');
  const listed = await fetch(new URL('files.json', here), { cache: 'no-cache' });
  if (!listed.ok) throw new Error(`files.json answered ${listed.status}`);
  const { files } = (await listed.json()) as { files: string[] };
  const name = uploadCacheName(address.upload);
  const staging = await caches.open(`${name}:keeping`);
  const pending = [
    { url: here.href, key: address.key },
    ...files.map((file) => {
      const url = new URL(file, here);
      return { url: url.href, key: `${here.origin}${address.upload}${file}` };
    }),
  ];
  const worker = async () => {
    for (let next = pending.shift(); next; next = pending.shift()) {
      const response = await fetch(next.url, { cache: 'no-cache' });
      if (response.status !== 200) throw new Error(`${next.url} answered ${response.status}`);
      await staging.put(next.key, response);
    }
  };
  try {
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
    const shell = await caches.open(SHELL_CACHE);
    await shell.add(runtimeUrl);
    // Only once every file is here does the upload's cache take them; the service worker goes to
    // the network for any file its cache does not (yet) hold.
    const kept = await caches.open(name);
    for (const request of await staging.keys()) {
      const response = await staging.match(request);
      if (response) await kept.put(request, response);
    }
    // An earlier upload of the package (a version before this one) is no longer played.
    const packageFolder = address.upload.split('/').slice(0, 3).join('/');
    for (const other of await caches.keys())
      if (other.startsWith(uploadCacheName(`${packageFolder}/`)) && other !== name)
        await caches.delete(other);
  } finally {
    await caches.delete(`${name}:keeping`);
  }
}
