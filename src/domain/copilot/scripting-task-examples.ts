import type { TaskExamples } from './common-tasks.js'

/**
 * The common tasks in the scripting languages: Python, Ruby and PHP.
 *
 * @example
 * scriptingTaskExamples.python['parse-json'][0] // 'import json'
 */
export const scriptingTaskExamples: Readonly<Record<'python' | 'ruby' | 'php', TaskExamples>> = {
  python: {
    'reverse-list': [
      'numbers = [1, 2, 3, 4]',
      'reversed_copy = numbers[::-1]  # a new list',
      'numbers.reverse()  # in place',
    ],
    sort: [
      'words = ["pear", "apple", "fig"]',
      'by_name = sorted(words)',
      'by_length = sorted(words, key=len, reverse=True)',
    ],
    'read-file': [
      'with open("notes.txt", encoding="utf-8") as file:',
      '    for line in file:',
      '        print(line.rstrip())',
    ],
    'http-request': [
      'import requests',
      '',
      'response = requests.get("https://api.example.com/items", timeout=10)',
      'response.raise_for_status()',
      'items = response.json()',
    ],
    'parse-json': [
      'import json',
      '',
      'data = json.loads(\'{"name": "Ada", "tags": ["math"]}\')',
      'print(data["name"])',
      'text = json.dumps(data, indent=2)',
    ],
    'string-format': [
      'name, count = "Ada", 3',
      'message = f"{name} has {count} new messages"',
      'price = f"{9.5:.2f}"  # \'9.50\'',
    ],
    'map-iteration': [
      'ages = {"ada": 36, "alan": 41}',
      'for name, age in ages.items():',
      '    print(f"{name}: {age}")',
    ],
    filter: ['numbers = [1, 2, 3, 4, 5, 6]', 'evens = [n for n in numbers if n % 2 == 0]'],
    deduplicate: ['items = ["a", "b", "a", "c", "b"]', 'unique = list(dict.fromkeys(items))  # keeps the first order'],
    'regex-match': [
      'import re',
      '',
      'match = re.search(r"(\\d{4})-(\\d{2})-(\\d{2})", "Due 2024-07-01")',
      'if match:',
      '    year, month, day = match.groups()',
    ],
  },
  ruby: {
    'reverse-list': [
      'numbers = [1, 2, 3, 4]',
      'reversed = numbers.reverse # a new array',
      'numbers.reverse! # in place',
    ],
    sort: ['words = %w[pear apple fig]', 'by_name = words.sort', 'by_length = words.sort_by { |word| -word.length }'],
    'read-file': ["File.foreach('notes.txt') do |line|", '  puts line.chomp', 'end'],
    'http-request': [
      "require 'net/http'",
      "require 'json'",
      '',
      "response = Net::HTTP.get_response(URI('https://api.example.com/items'))",
      'raise "Request failed: #{response.code}" unless response.is_a?(Net::HTTPSuccess)',
      'items = JSON.parse(response.body)',
    ],
    'parse-json': [
      "require 'json'",
      '',
      'data = JSON.parse(\'{"name": "Ada", "tags": ["math"]}\')',
      "puts data['name']",
      'text = JSON.pretty_generate(data)',
    ],
    'string-format': [
      "name, count = 'Ada', 3",
      'message = "#{name} has #{count} new messages"',
      "price = format('%.2f', 9.5) # '9.50'",
    ],
    'map-iteration': [
      "ages = { 'ada' => 36, 'alan' => 41 }",
      'ages.each do |name, age|',
      '  puts "#{name}: #{age}"',
      'end',
    ],
    filter: ['numbers = [1, 2, 3, 4, 5, 6]', 'evens = numbers.select(&:even?)'],
    deduplicate: ['items = %w[a b a c b]', 'unique = items.uniq # keeps the first order'],
    'regex-match': [
      "match = 'Due 2024-07-01'.match(/(\\d{4})-(\\d{2})-(\\d{2})/)",
      'year, month, day = match.captures if match',
    ],
  },
  php: {
    'reverse-list': ['$numbers = [1, 2, 3, 4];', '$reversed = array_reverse($numbers);'],
    sort: [
      "$words = ['pear', 'apple', 'fig'];",
      'sort($words); // in place, by value',
      'usort($words, fn ($a, $b) => strlen($b) <=> strlen($a));',
    ],
    'read-file': [
      "$lines = file('notes.txt', FILE_IGNORE_NEW_LINES);",
      'foreach ($lines as $line) {',
      '    echo $line, PHP_EOL;',
      '}',
    ],
    'http-request': [
      "$body = file_get_contents('https://api.example.com/items');",
      "if ($body === false) throw new RuntimeException('Request failed');",
      '$items = json_decode($body, true, flags: JSON_THROW_ON_ERROR);',
    ],
    'parse-json': [
      '$data = json_decode(\'{"name": "Ada", "tags": ["math"]}\', true, flags: JSON_THROW_ON_ERROR);',
      "echo $data['name'];",
      '$text = json_encode($data, JSON_PRETTY_PRINT);',
    ],
    'string-format': [
      "$name = 'Ada';",
      '$count = 3;',
      '$message = "{$name} has {$count} new messages";',
      "$price = sprintf('%.2f', 9.5); // '9.50'",
    ],
    'map-iteration': [
      "$ages = ['ada' => 36, 'alan' => 41];",
      'foreach ($ages as $name => $age) {',
      '    echo "$name: $age", PHP_EOL;',
      '}',
    ],
    filter: [
      '$numbers = [1, 2, 3, 4, 5, 6];',
      '$evens = array_values(array_filter($numbers, fn ($n) => $n % 2 === 0));',
    ],
    deduplicate: ["$items = ['a', 'b', 'a', 'c', 'b'];", '$unique = array_values(array_unique($items));'],
    'regex-match': [
      "if (preg_match('/(\\d{4})-(\\d{2})-(\\d{2})/', 'Due 2024-07-01', $match)) {",
      '    [, $year, $month, $day] = $match;',
      '}',
    ],
  },
}
