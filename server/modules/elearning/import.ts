import type { ElearningStructure } from '../../../contract/elearning/resource.ts';
import type { FileStore } from '../../files/store.ts';
import { zipKeyOf } from './keys.ts';
import type { StoredZip } from './package-form.ts';
import { ELEARNING_LIMITS, removeUpload, type Unpacked, type UnpackLimits, unpackUpload } from './unpack.ts';

/** The folder of every upload of a package (its zips and their unpacked files), with its slash. */
export const packageFolder = (packageId: string) => `elearning/${packageId}/`;

/**
 * A package's title: the one the admin gave, else its organization's title as the manifest says,
 * else the zip's name without `.zip`. An upload carries its own name, so nobody has to type one.
 */
export function titleOf(given: string, structure: ElearningStructure, fileName: string): string {
  const fallback = structure.organizationTitle.trim() || fileName.replace(/\.zip$/i, '').trim();
  return (given.trim() || fallback || 'E-learning package').slice(0, 200);
}

export type Imported = Unpacked & {
  /** The package row's columns that the upload sets. */
  columns: {
    scormVersion: Unpacked['scormVersion'];
    organizationTitle: string;
    structure: ElearningStructure;
    fileKey: string;
    fileName: string;
    fileSize: number;
    contentKey: string;
  };
};

/**
 * Unpacks a stored zip (unpackUpload), keeping what was unpacked of it as it arrived where its
 * central directory agrees; a refused one takes its zip with it, so nothing is kept.
 */
export async function importUpload(
  store: FileStore,
  zip: StoredZip,
  limits: UnpackLimits = ELEARNING_LIMITS,
): Promise<Imported> {
  let unpacked: Unpacked;
  try {
    unpacked = await unpackUpload(store, zip.contentKey, zip.size, limits, zip.streamed);
  } catch (error) {
    await removeUpload(store, zip.contentKey).catch(() => undefined);
    throw error;
  }
  return {
    ...unpacked,
    columns: {
      scormVersion: unpacked.scormVersion,
      organizationTitle: unpacked.structure.organizationTitle,
      structure: unpacked.structure,
      fileKey: zipKeyOf(zip.contentKey),
      fileName: zip.name,
      fileSize: zip.size,
      contentKey: zip.contentKey,
    },
  };
}
