import { describe, expect, it } from 'vitest';
import { emptyPackageValues, toPackageFormData } from '@/features/elearning/form-values';
import { formatSpent } from '@/features/elearning/learners-panel';

const zip = () =>
  new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], 'ladder.zip', { type: 'application/zip' });

describe('toPackageFormData', () => {
  it('sends the text fields first and the zip last, as the server reads them in turn', () => {
    const body = toPackageFormData(
      {
        ...emptyPackageValues(),
        title: 'Ladder safety',
        masteryScore: '70',
        completionRule: 'launch',
        file: zip(),
      },
      false,
    );
    expect([...body.keys()]).toEqual(['title', 'description', 'masteryScore', 'completionRule', 'file']);
    expect(body.get('masteryScore')).toBe('70');
    expect(body.get('completionRule')).toBe('launch');
    expect((body.get('file') as File).name).toBe('ladder.zip');
  });

  it("sends a new version with the version it read, and an empty score for the package's own", () => {
    const body = toPackageFormData(
      { ...emptyPackageValues(), title: 'Ladder safety', version: 4, file: zip() },
      true,
    );
    expect([...body.keys()]).toEqual([
      'title',
      'description',
      'masteryScore',
      'completionRule',
      'version',
      'file',
    ]);
    expect(body.get('version')).toBe('4');
    expect(body.get('masteryScore')).toBe('');
  });
});

describe('formatSpent', () => {
  it('reads seconds as people do', () => {
    expect(formatSpent(0)).toBe('0s');
    expect(formatSpent(45)).toBe('45s');
    expect(formatSpent(95)).toBe('1m 35s');
    expect(formatSpent(7380)).toBe('2h 3m');
  });
});
