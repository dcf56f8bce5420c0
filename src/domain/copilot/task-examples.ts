import type { CommonTask, TaskExamples } from './common-tasks.js'
import type { CodeLanguage } from './question-language.js'
import { managedTaskExamples } from './managed-task-examples.js'
import { nativeTaskExamples } from './native-task-examples.js'
import { scriptingTaskExamples } from './scripting-task-examples.js'
import { shellAndQueryTaskExamples } from './shell-and-query-task-examples.js'
import { systemsTaskExamples } from './systems-task-examples.js'
import { webTaskExamples } from './web-task-examples.js'

/**
 * The example of a common task in a language: the body of the fenced block
 * an answer about that task holds (a list reversal for "reverse a list").
 *
 * @example
 * taskExample('python', 'reverse-list') // 'numbers = [1, 2, 3, 4]\nreversed_copy = numbers[::-1]  # a new list\n…'
 */
export function taskExample(language: CodeLanguage, task: CommonTask): string {
  const examples: Readonly<Record<CodeLanguage, TaskExamples>> = {
    ...scriptingTaskExamples,
    ...webTaskExamples,
    ...managedTaskExamples,
    ...systemsTaskExamples,
    ...nativeTaskExamples,
    ...shellAndQueryTaskExamples,
  }
  return examples[language][task].join('\n')
}
