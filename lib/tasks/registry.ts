/**
 * Every task definition, so the local runner and POST /admin/trigger can find a task by id.
 * One line per task; each imported module registers its definition.
 */
import { registerTask } from './define';
import { shoppingMenuScanTask } from '../shopping/task';
import { strainResearchTask } from '../research/task';
import { deepResearchTask } from '../research/deep/task';

registerTask(shoppingMenuScanTask);
registerTask(strainResearchTask);
registerTask(deepResearchTask);
