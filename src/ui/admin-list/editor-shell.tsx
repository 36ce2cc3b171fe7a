import { Group, Paper, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { AdminFormPage, type AdminFormPageProps } from './admin-form-page';

export type EditorShellProps = AdminFormPageProps & {
  /**
   * What the record holds, edited on its own below the form (a checklist's activities, a
   * package's content): outside the form element, so the panel's dialogs have forms of their own.
   */
  panel: ReactNode;
};

/**
 * The add and edit screens of content made of parts: the record's own fields on the
 * administration's form page, then a panel of its parts. The checklist screens use it, and the
 * e-learning package screens reuse them (spec 2).
 *
 *   <EditorShell list={{ label: 'Checklists', to: '/app/content-management/checklists' }}
 *     title="Edit Checklist" onSubmit={...} submit={...}
 *     panel={checklist ? <ActivitiesPanel checklist={checklist} /> : <EditorPanel title="Activities" ...>}>
 *     <ChecklistFields form={form} />
 *   </EditorShell>
 */
export function EditorShell({ panel, ...page }: EditorShellProps) {
  return (
    <>
      <AdminFormPage {...page} />
      {panel}
    </>
  );
}

type EditorPanelProps = {
  /** The panel's heading, e.g. 'Activities'. */
  title: string;
  /** A line under the heading, e.g. '3 activities, 2 required'. */
  summary?: ReactNode;
  /** Buttons beside the heading, e.g. 'Add Activity'. */
  actions?: ReactNode;
  children: ReactNode;
};

/** A titled section of the editor below the form, named by its heading for assistive technology. */
export function EditorPanel({ title, summary, actions, children }: EditorPanelProps) {
  const headingId = useId();
  return (
    <Paper withBorder p="lg" radius="md" mt="lg" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" mb="md">
        <div>
          <Title order={2} size="h3" id={headingId}>
            {title}
          </Title>
          {summary !== undefined && (
            <Text size="sm" c="dimmed">
              {summary}
            </Text>
          )}
        </div>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}
