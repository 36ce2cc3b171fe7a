import { ActionIcon, Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import { type ReactNode, useEffect, useRef, useState } from 'react';

// One worker for every viewer, bundled by Vite and served from the app's own origin.
let worker: Worker | null = null;
function ensureWorker() {
  if (worker) return;
  worker = new Worker(new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url), { type: 'module' });
  GlobalWorkerOptions.workerPort = worker;
}

/** The teardown of the last document closed, which a new one waits for. */
let destroying: Promise<void> = Promise.resolve();

type PdfViewerProps = {
  src: string;
  /** The document's name, for the page's accessible name. */
  title: string;
  /** Told once the last page is on screen (a learner has read to the end). */
  onLastPage?: () => void;
};

/** A PDF drawn page by page by pdf.js (no plug-in), with the page count and page buttons. */
export default function PdfViewer({ src, title, onLastPage }: PdfViewerProps) {
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(1);
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLDivElement>(null);

  useEffect(() => {
    ensureWorker();
    setPdf(null);
    setFailed(false);
    setPage(1);
    let cancelled = false;
    let task: ReturnType<typeof getDocument> | null = null;
    // The shared worker refuses a new document while one is still being torn down: wait for that.
    void destroying.then(() => {
      if (cancelled) return;
      task = getDocument({ url: src, enableXfa: false });
      task.promise.then(
        (document) => !cancelled && setPdf(document),
        () => !cancelled && setFailed(true),
      );
    });
    return () => {
      cancelled = true;
      if (task) destroying = task.destroy().catch(() => undefined);
    };
  }, [src]);

  useEffect(() => {
    if (!pdf || !canvas.current || !frame.current) return;
    let cancelled = false;
    let render: { cancel: () => void } | null = null;
    void pdf.getPage(page).then((current) => {
      if (cancelled || !canvas.current || !frame.current) return;
      const natural = current.getViewport({ scale: 1 });
      const width = Math.max(frame.current.clientWidth, 200);
      const ratio = window.devicePixelRatio || 1;
      const viewport = current.getViewport({ scale: (width / natural.width) * ratio });
      canvas.current.width = viewport.width;
      canvas.current.height = viewport.height;
      canvas.current.style.width = `${viewport.width / ratio}px`;
      canvas.current.style.height = `${viewport.height / ratio}px`;
      const task = current.render({ canvas: canvas.current, viewport });
      render = task;
      task.promise.catch(() => undefined);
    });
    return () => {
      cancelled = true;
      render?.cancel();
    };
  }, [pdf, page]);

  const lastPage = useRef(onLastPage);
  lastPage.current = onLastPage;
  useEffect(() => {
    if (pdf && page === pdf.numPages) lastPage.current?.();
  }, [pdf, page]);

  if (failed)
    return (
      <Alert color="red" role="alert">
        The PDF could not be opened.
      </Alert>
    );
  const count = pdf?.numPages ?? 0;
  return (
    <div>
      {/* On a narrow screen the page buttons are icons, named for a screen reader, and the count keeps to one line. */}
      <Group justify="space-between" mb="xs" wrap="nowrap" gap="xs">
        <PageButton
          label="Previous page"
          icon={<IconChevronLeft size={16} aria-hidden />}
          side="left"
          disabled={!pdf || page <= 1}
          onClick={() => setPage((at) => at - 1)}
        />
        <Text size="sm" aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
          {pdf ? `Page ${page} of ${count}` : 'Opening the PDF…'}
        </Text>
        <PageButton
          label="Next page"
          icon={<IconChevronRight size={16} aria-hidden />}
          side="right"
          disabled={!pdf || page >= count}
          onClick={() => setPage((at) => at + 1)}
        />
      </Group>
      <div ref={frame} style={{ width: '100%', overflow: 'auto', background: 'var(--mantine-color-gray-1)' }}>
        {!pdf && <Loader size="sm" m="md" aria-label="Loading the PDF" />}
        <canvas ref={canvas} role="img" aria-label={`${title}, page ${page}`} hidden={!pdf} />
      </div>
    </div>
  );
}

type PageButtonProps = {
  label: string;
  icon: ReactNode;
  side: 'left' | 'right';
  disabled: boolean;
  onClick: () => void;
};

/** A page button: the icon alone below the xs breakpoint (a phone), the icon and its label above. */
function PageButton({ label, icon, side, disabled, onClick }: PageButtonProps) {
  return (
    <>
      <ActionIcon
        variant="default"
        size="lg"
        hiddenFrom="xs"
        aria-label={label}
        disabled={disabled}
        onClick={onClick}
      >
        {icon}
      </ActionIcon>
      <Button
        variant="default"
        size="xs"
        visibleFrom="xs"
        leftSection={side === 'left' ? icon : undefined}
        rightSection={side === 'right' ? icon : undefined}
        disabled={disabled}
        onClick={onClick}
      >
        {label}
      </Button>
    </>
  );
}
