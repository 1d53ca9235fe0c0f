/**
 * Every task definition, so the local runner and POST /admin/trigger can find a task by id.
 * One line per task; each imported module registers its definition.
 */
import { registerTask } from '@/lib/tasks/define';
import { shoppingMenuScanTask } from '@/lib/shopping/task';
import { strainResearchTask } from '@/lib/research/task';
import { deepResearchTask } from '@/lib/research/deep/task';

registerTask(shoppingMenuScanTask);
registerTask(strainResearchTask);
registerTask(deepResearchTask);
