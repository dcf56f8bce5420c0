import type { TaskExamples } from './common-tasks.js'

/**
 * The common tasks in the systems languages Rust and Go.
 *
 * @example
 * systemsTaskExamples.rust['reverse-list'][1] // 'numbers.reverse(); // in place'
 */
export const systemsTaskExamples: Readonly<Record<'rust' | 'go', TaskExamples>> = {
  rust: {
    'reverse-list': [
      'let mut numbers = vec![1, 2, 3, 4];',
      'numbers.reverse(); // in place',
      'let reversed: Vec<i32> = numbers.iter().rev().copied().collect();',
    ],
    sort: [
      'let mut words = vec!["pear", "apple", "fig"];',
      'words.sort();',
      'words.sort_by_key(|word| std::cmp::Reverse(word.len()));',
    ],
    'read-file': [
      'let text = std::fs::read_to_string("notes.txt")?;',
      'for line in text.lines() {',
      '    println!("{line}");',
      '}',
    ],
    'http-request': [
      'let response = reqwest::blocking::get("https://api.example.com/items")?.error_for_status()?;',
      'let items: serde_json::Value = response.json()?;',
    ],
    'parse-json': [
      '#[derive(serde::Deserialize)]',
      'struct Person { name: String, tags: Vec<String> }',
      '',
      'let person: Person = serde_json::from_str(r#"{"name": "Ada", "tags": ["math"]}"#)?;',
    ],
    'string-format': [
      'let (name, count) = ("Ada", 3);',
      'let message = format!("{name} has {count} new messages");',
      'let price = format!("{:.2}", 9.5); // "9.50"',
    ],
    'map-iteration': [
      'let ages = std::collections::HashMap::from([("ada", 36), ("alan", 41)]);',
      'for (name, age) in &ages {',
      '    println!("{name}: {age}");',
      '}',
    ],
    filter: [
      'let numbers = vec![1, 2, 3, 4, 5, 6];',
      'let evens: Vec<i32> = numbers.into_iter().filter(|n| n % 2 == 0).collect();',
    ],
    deduplicate: [
      'let items = vec!["a", "b", "a", "c", "b"];',
      'let mut seen = std::collections::HashSet::new();',
      'let unique: Vec<&str> = items.into_iter().filter(|item| seen.insert(*item)).collect();',
    ],
    'regex-match': [
      'let pattern = regex::Regex::new(r"(\\d{4})-(\\d{2})-(\\d{2})")?;',
      'if let Some(found) = pattern.captures("Due 2024-07-01") {',
      '    let year = &found[1];',
      '}',
    ],
  },
  go: {
    'reverse-list': ['numbers := []int{1, 2, 3, 4}', 'slices.Reverse(numbers) // in place'],
    sort: [
      'words := []string{"pear", "apple", "fig"}',
      'slices.Sort(words)',
      'sort.Slice(words, func(i, j int) bool { return len(words[i]) > len(words[j]) })',
    ],
    'read-file': [
      'file, err := os.Open("notes.txt")',
      'if err != nil {',
      '\treturn err',
      '}',
      'defer file.Close()',
      'scanner := bufio.NewScanner(file)',
      'for scanner.Scan() {',
      '\tfmt.Println(scanner.Text())',
      '}',
    ],
    'http-request': [
      'response, err := http.Get("https://api.example.com/items")',
      'if err != nil {',
      '\treturn err',
      '}',
      'defer response.Body.Close()',
      'body, err := io.ReadAll(response.Body)',
    ],
    'parse-json': [
      'type Person struct {',
      '\tName string   `json:"name"`',
      '\tTags []string `json:"tags"`',
      '}',
      '',
      'var person Person',
      'err := json.Unmarshal([]byte(`{"name": "Ada", "tags": ["math"]}`), &person)',
    ],
    'string-format': [
      'name, count := "Ada", 3',
      'message := fmt.Sprintf("%s has %d new messages", name, count)',
      'price := fmt.Sprintf("%.2f", 9.5) // "9.50"',
    ],
    'map-iteration': [
      'ages := map[string]int{"ada": 36, "alan": 41}',
      'for name, age := range ages {',
      '\tfmt.Printf("%s: %d\\n", name, age)',
      '}',
    ],
    filter: [
      'numbers := []int{1, 2, 3, 4, 5, 6}',
      'var evens []int',
      'for _, n := range numbers {',
      '\tif n%2 == 0 {',
      '\t\tevens = append(evens, n)',
      '\t}',
      '}',
    ],
    deduplicate: [
      'items := []string{"a", "b", "a", "c", "b"}',
      'seen := map[string]bool{}',
      'var unique []string',
      'for _, item := range items {',
      '\tif !seen[item] {',
      '\t\tseen[item] = true',
      '\t\tunique = append(unique, item)',
      '\t}',
      '}',
    ],
    'regex-match': [
      'pattern := regexp.MustCompile(`(\\d{4})-(\\d{2})-(\\d{2})`)',
      'if match := pattern.FindStringSubmatch("Due 2024-07-01"); match != nil {',
      '\tyear := match[1]',
      '}',
    ],
  },
}
