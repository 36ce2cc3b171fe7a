import { checklistRecordPaths, type RecordFile } from '@contract/checklists/records';
import { Anchor } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { api } from '@/lib/api-client';

/**
 * A record's photo or evidence. Its link is signed and short-lived, so it is asked for when the
 * person opens it, and the file opens in a new tab.
 */
export function RecordFileLink({ recordId, fileName }: { recordId: string; fileName: string }) {
  const [opening, setOpening] = useState(false);
  const open = async () => {
    // Opened at the tap, so the browser lets it through; the signed link follows.
    const tab = window.open('', '_blank');
    setOpening(true);
    try {
      const { results } = await api.get<RecordFile>(checklistRecordPaths.recordFile(recordId));
      if (tab) tab.location.href = results.url;
      else window.location.assign(results.url);
    } catch {
      tab?.close();
    } finally {
      setOpening(false);
    }
  };
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      onClick={() => void open()}
      aria-busy={opening || undefined}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
    >
      <IconPaperclip size={14} aria-hidden />
      {fileName}
    </Anchor>
  );
}
