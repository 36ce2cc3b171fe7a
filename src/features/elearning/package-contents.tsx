import { type ElearningDetail, type ElearningItem, scormVersionName } from '@contract/elearning/resource';
import { Alert, Badge, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatBytes } from '@/lib/format-bytes';
import { EditorPanel } from '@/ui/admin-list/editor-shell';

type PackageContentsPanelProps = {
  record: ElearningDetail;
  /** The server's answer to a new version just uploaded. */
  versionMessage: string | null;
};

const scoCount = (count: number) => (count === 1 ? '1 SCO' : `${count} SCOs`);

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere' }}>{children}</Text>
    </div>
  );
}

/** One item of the organization, indented by its depth: a folder, or what it launches. */
function ItemRow({ item }: { item: ElearningItem }) {
  return (
    <li style={{ listStyle: 'none', paddingInlineStart: `${item.depth * 1.25}rem` }}>
      <Group gap="xs" wrap="wrap">
        <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
          {item.title}
        </Text>
        {item.launch !== null && (
          <Badge variant="light" color={item.scormType === 'asset' ? 'gray' : 'blue'}>
            {item.scormType === 'asset' ? 'Asset' : 'SCO'}
          </Badge>
        )}
      </Group>
      {item.launch !== null && (
        <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>{item.launch}</Code>
      )}
    </li>
  );
}

/**
 * What the import read from the package's manifest: its SCORM version, its organization and the
 * items with their launch files, its mastery or passing score, and the zip it came from.
 */
export function PackageContentsPanel({ record, versionMessage }: PackageContentsPanelProps) {
  const { structure } = record;
  const own = record.packageMasteryScore;
  // SCORM 1.2 calls it a mastery score; 2004, the passing score of the primary objective.
  const scoreName = record.scormVersion === '1.2' ? 'mastery score' : 'passing score';
  return (
    <EditorPanel
      title="Package"
      summary={`${scormVersionName[record.scormVersion]}, ${scoCount(record.scoCount)}`}
    >
      <Stack gap="md">
        {versionMessage && (
          <Alert color="green" role="status">
            {versionMessage}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Fact label="Version">{scormVersionName[record.scormVersion]}</Fact>
          <Fact label="Organization">{structure.organizationTitle}</Fact>
          <Fact label={`Package's ${scoreName}`}>{own === null ? 'None' : `${own}%`}</Fact>
          <Fact label={`${scoreName.charAt(0).toUpperCase()}${scoreName.slice(1)} used`}>
            {record.masteryScore !== null
              ? `${record.masteryScore}% (set here)`
              : own === null
                ? 'None'
                : `${own}% (the package's)`}
          </Fact>
          <Fact label="File">
            {record.fileName} ({formatBytes(record.fileSize)}), version {record.packageVersion}
          </Fact>
          <Fact label="Learners with a record">{record.learnerCount}</Fact>
        </SimpleGrid>
        <div>
          <Text fw={500} mb="xs" id="package-items-title">
            Items and launch files
          </Text>
          <Stack component="ul" gap="xs" p={0} m={0} aria-labelledby="package-items-title">
            {structure.items.map((item) => (
              <ItemRow key={item.identifier} item={item} />
            ))}
          </Stack>
        </div>
      </Stack>
    </EditorPanel>
  );
}
