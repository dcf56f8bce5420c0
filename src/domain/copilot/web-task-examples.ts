import type { TaskExamples } from './common-tasks.js'

/**
 * The common tasks in the web's languages: TypeScript, JavaScript and Dart.
 *
 * @example
 * webTaskExamples.typescript['reverse-list'][1] // 'const reversed = numbers.toReversed() // a new array'
 */
export const webTaskExamples: Readonly<Record<'typescript' | 'javascript' | 'dart', TaskExamples>> = {
  typescript: {
    'reverse-list': [
      'const numbers: number[] = [1, 2, 3, 4]',
      'const reversed = numbers.toReversed() // a new array',
      'numbers.reverse() // in place',
    ],
    sort: [
      "const words: string[] = ['pear', 'apple', 'fig']",
      'const byName = words.toSorted((a, b) => a.localeCompare(b))',
      'const byLength = words.toSorted((a, b) => b.length - a.length)',
    ],
    'read-file': [
      "import { readFile } from 'node:fs/promises'",
      '',
      "const text: string = await readFile('notes.txt', 'utf8')",
      "for (const line of text.split('\\n')) console.log(line)",
    ],
    'http-request': [
      "const response = await fetch('https://api.example.com/items')",
      "if (!response.ok) throw new Error('Request failed: ' + response.status)",
      'const items: unknown = await response.json()',
    ],
    'parse-json': [
      'interface Person { name: string; tags: string[] }',
      '',
      'const person = JSON.parse(\'{"name": "Ada", "tags": ["math"]}\') as Person',
      'const text = JSON.stringify(person, null, 2)',
    ],
    'string-format': [
      "const name = 'Ada'",
      'const count = 3',
      'const message = `${name} has ${count} new messages`',
      "const price = (9.5).toFixed(2) // '9.50'",
    ],
    'map-iteration': [
      'const ages = new Map<string, number>([',
      "  ['ada', 36],",
      "  ['alan', 41],",
      '])',
      'for (const [name, age] of ages) console.log(`${name}: ${age}`)',
    ],
    filter: ['const numbers: number[] = [1, 2, 3, 4, 5, 6]', 'const evens = numbers.filter((n) => n % 2 === 0)'],
    deduplicate: [
      "const items: string[] = ['a', 'b', 'a', 'c', 'b']",
      'const unique = [...new Set(items)] // keeps the first order',
    ],
    'regex-match': [
      "const match = /(\\d{4})-(\\d{2})-(\\d{2})/.exec('Due 2024-07-01')",
      'if (match) {',
      '  const [, year, month, day] = match',
      '}',
    ],
  },
  javascript: {
    'reverse-list': [
      'const numbers = [1, 2, 3, 4]',
      'const reversed = [...numbers].reverse() // a new array',
      'numbers.reverse() // in place',
    ],
    sort: [
      "const words = ['pear', 'apple', 'fig']",
      'const byName = [...words].sort((a, b) => a.localeCompare(b))',
      'const byLength = [...words].sort((a, b) => b.length - a.length)',
    ],
    'read-file': [
      "import { readFile } from 'node:fs/promises'",
      '',
      "const text = await readFile('notes.txt', 'utf8')",
      "for (const line of text.split('\\n')) console.log(line)",
    ],
    'http-request': [
      "const response = await fetch('https://api.example.com/items')",
      "if (!response.ok) throw new Error('Request failed: ' + response.status)",
      'const items = await response.json()',
    ],
    'parse-json': [
      'const person = JSON.parse(\'{"name": "Ada", "tags": ["math"]}\')',
      'console.log(person.name)',
      'const text = JSON.stringify(person, null, 2)',
    ],
    'string-format': [
      "const name = 'Ada'",
      'const count = 3',
      'const message = `${name} has ${count} new messages`',
      "const price = (9.5).toFixed(2) // '9.50'",
    ],
    'map-iteration': [
      'const ages = { ada: 36, alan: 41 }',
      'for (const [name, age] of Object.entries(ages)) {',
      '  console.log(`${name}: ${age}`)',
      '}',
    ],
    filter: ['const numbers = [1, 2, 3, 4, 5, 6]', 'const evens = numbers.filter((n) => n % 2 === 0)'],
    deduplicate: [
      "const items = ['a', 'b', 'a', 'c', 'b']",
      'const unique = [...new Set(items)] // keeps the first order',
    ],
    'regex-match': [
      "const match = 'Due 2024-07-01'.match(/(\\d{4})-(\\d{2})-(\\d{2})/)",
      'if (match) {',
      '  const [, year, month, day] = match',
      '}',
    ],
  },
  dart: {
    'reverse-list': ['final numbers = [1, 2, 3, 4];', 'final reversed = numbers.reversed.toList();'],
    sort: [
      "final words = ['pear', 'apple', 'fig'];",
      'words.sort(); // in place, by value',
      'words.sort((a, b) => b.length.compareTo(a.length));',
    ],
    'read-file': [
      "import 'dart:io';",
      '',
      "final lines = await File('notes.txt').readAsLines();",
      'for (final line in lines) print(line);',
    ],
    'http-request': [
      "import 'dart:convert';",
      "import 'package:http/http.dart' as http;",
      '',
      "final response = await http.get(Uri.parse('https://api.example.com/items'));",
      "if (response.statusCode != 200) throw Exception('Request failed: ${response.statusCode}');",
      'final items = jsonDecode(response.body) as List<dynamic>;',
    ],
    'parse-json': [
      "import 'dart:convert';",
      '',
      'final data = jsonDecode(\'{"name": "Ada", "tags": ["math"]}\') as Map<String, dynamic>;',
      "print(data['name']);",
      'final text = jsonEncode(data);',
    ],
    'string-format': [
      "const name = 'Ada';",
      'const count = 3;',
      "final message = '$name has $count new messages';",
      "final price = 9.5.toStringAsFixed(2); // '9.50'",
    ],
    'map-iteration': [
      "final ages = {'ada': 36, 'alan': 41};",
      'for (final MapEntry(key: name, value: age) in ages.entries) {',
      "  print('$name: $age');",
      '}',
    ],
    filter: ['final numbers = [1, 2, 3, 4, 5, 6];', 'final evens = numbers.where((n) => n.isEven).toList();'],
    deduplicate: [
      "final items = ['a', 'b', 'a', 'c', 'b'];",
      'final unique = items.toSet().toList(); // keeps the first order',
    ],
    'regex-match': [
      "final match = RegExp(r'(\\d{4})-(\\d{2})-(\\d{2})').firstMatch('Due 2024-07-01');",
      'if (match != null) {',
      '  final year = match.group(1);',
      '}',
    ],
  },
}
