import type {
  ChecklistActivity,
  ChecklistActivityType,
  ChecklistDetail,
} from '@contract/checklists/resource';
import type {
  ActivityCreateInput,
  ActivityUpdateInput,
  ChecklistInput,
  ChecklistUpdateInput,
} from '@contract/checklists/schemas';

export type ChecklistFormValues = { title: string; description: string; version: number };

export const emptyChecklistValues = (): ChecklistFormValues => ({ title: '', description: '', version: 1 });

export const toChecklistFormValues = (checklist: ChecklistDetail): ChecklistFormValues => ({
  title: checklist.title,
  description: checklist.description,
  version: checklist.version,
});

export const toChecklistInput = (values: ChecklistFormValues): ChecklistInput => ({
  title: values.title,
  description: values.description,
});

export const toChecklistUpdate = (values: ChecklistFormValues): ChecklistUpdateInput => ({
  ...toChecklistInput(values),
  version: values.version,
});

/** An activity's form; the type is '' until one is chosen, so the contract's message shows. */
export type ActivityFormValues = {
  title: string;
  instructions: string;
  type: ChecklistActivityType | '';
  required: boolean;
  version: number;
};

export const emptyActivityValues = (): ActivityFormValues => ({
  title: '',
  instructions: '',
  type: '',
  required: true,
  version: 1,
});

export const toActivityFormValues = (activity: ChecklistActivity): ActivityFormValues => ({
  title: activity.title,
  instructions: activity.instructions,
  type: activity.type,
  required: activity.required,
  version: activity.version,
});

const activityFields = (values: ActivityFormValues) => ({
  title: values.title,
  instructions: values.instructions,
  type: values.type,
  required: values.required,
});

export const toActivityInput = (values: ActivityFormValues, checklistId: string): ActivityCreateInput => ({
  ...activityFields(values),
  checklistId,
});

export const toActivityUpdate = (values: ActivityFormValues): ActivityUpdateInput => ({
  ...activityFields(values),
  version: values.version,
});
