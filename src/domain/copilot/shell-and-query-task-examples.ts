import type { TaskExamples } from './common-tasks.js'

/**
 * The common tasks in Bash and SQL (a table's rows stand for the list).
 *
 * @example
 * shellAndQueryTaskExamples.sql.deduplicate[0] // 'SELECT DISTINCT name'
 */
export const shellAndQueryTaskExamples: Readonly<Record<'bash' | 'sql', TaskExamples>> = {
  bash: {
    'reverse-list': [
      'numbers=(1 2 3 4)',
      'reversed=()',
      'for ((i = ${#numbers[@]} - 1; i >= 0; i--)); do reversed+=("${numbers[i]}"); done',
    ],
    sort: ['printf "%s\\n" pear apple fig | sort', 'sort -n -r numbers.txt # numerically, largest first'],
    'read-file': ['while IFS= read -r line; do', '  echo "$line"', 'done < notes.txt'],
    'http-request': ['curl --fail --silent --show-error https://api.example.com/items -o items.json'],
    'parse-json': ['echo \'{"name": "Ada", "tags": ["math"]}\' | jq -r \'.name\'', "jq -r '.tags[]' person.json"],
    'string-format': [
      'name="Ada"',
      'count=3',
      'printf "%s has %d new messages\\n" "$name" "$count"',
      'printf "%.2f\\n" 9.5',
    ],
    'map-iteration': [
      'declare -A ages=([ada]=36 [alan]=41)',
      'for name in "${!ages[@]}"; do',
      '  echo "$name: ${ages[$name]}"',
      'done',
    ],
    filter: ["seq 1 6 | awk '$1 % 2 == 0'", 'grep -v "^#" config.txt # keep the lines that are not comments'],
    deduplicate: ['sort -u items.txt', "awk '!seen[$0]++' items.txt # keeps the first order"],
    'regex-match': [
      'text="Due 2024-07-01"',
      'if [[ $text =~ ([0-9]{4})-([0-9]{2})-([0-9]{2}) ]]; then',
      '  echo "year: ${BASH_REMATCH[1]}"',
      'fi',
    ],
  },
  sql: {
    'reverse-list': ['SELECT id, name', 'FROM items', 'ORDER BY id DESC;'],
    sort: ['SELECT name, price', 'FROM products', 'ORDER BY price DESC, name ASC;'],
    'read-file': [
      '-- PostgreSQL: load a CSV file into a table',
      "COPY items (id, name) FROM '/tmp/items.csv' WITH (FORMAT csv, HEADER true);",
    ],
    'http-request': [
      '-- SQL makes no HTTP requests itself: store what the request returned, then query it',
      'INSERT INTO responses (url, body) VALUES ($1, $2);',
    ],
    'parse-json': [
      '-- PostgreSQL',
      "SELECT payload->>'name' AS name, jsonb_array_length(payload->'tags') AS tag_count",
      'FROM events;',
    ],
    'string-format': ["SELECT format('%s has %s new messages', name, unread) AS message", 'FROM users;'],
    'map-iteration': [
      '-- PostgreSQL: one row per key of a JSON object',
      'SELECT key, value',
      'FROM events, jsonb_each(payload);',
    ],
    filter: ['SELECT id, name', 'FROM items', 'WHERE price > 10 AND archived = false;'],
    deduplicate: ['SELECT DISTINCT name', 'FROM customers;'],
    'regex-match': [
      '-- PostgreSQL',
      "SELECT id, substring(note FROM '\\d{4}-\\d{2}-\\d{2}') AS due",
      'FROM tasks',
      "WHERE note ~ '\\d{4}-\\d{2}-\\d{2}';",
    ],
  },
}
