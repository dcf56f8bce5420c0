import type { TaskExamples } from './common-tasks.js'

/**
 * The common tasks in the managed languages: Java, Kotlin, C# and Swift.
 *
 * @example
 * managedTaskExamples.kotlin['reverse-list'][1] // 'val reversed = numbers.reversed()'
 */
export const managedTaskExamples: Readonly<Record<'java' | 'kotlin' | 'csharp' | 'swift', TaskExamples>> = {
  java: {
    'reverse-list': [
      'List<Integer> numbers = new ArrayList<>(List.of(1, 2, 3, 4));',
      'Collections.reverse(numbers); // in place',
      'List<Integer> reversed = numbers.reversed(); // a reversed view (Java 21)',
    ],
    sort: [
      'List<String> words = new ArrayList<>(List.of("pear", "apple", "fig"));',
      'words.sort(Comparator.naturalOrder());',
      'words.sort(Comparator.comparingInt(String::length).reversed());',
    ],
    'read-file': [
      'List<String> lines = Files.readAllLines(Path.of("notes.txt"), StandardCharsets.UTF_8);',
      'for (String line : lines) System.out.println(line);',
    ],
    'http-request': [
      'HttpClient client = HttpClient.newHttpClient();',
      'HttpRequest request = HttpRequest.newBuilder(URI.create("https://api.example.com/items")).build();',
      'HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());',
      'if (response.statusCode() != 200) throw new IOException("Request failed: " + response.statusCode());',
    ],
    'parse-json': [
      'ObjectMapper mapper = new ObjectMapper(); // Jackson',
      'JsonNode data = mapper.readTree("{\\"name\\": \\"Ada\\", \\"tags\\": [\\"math\\"]}");',
      'String name = data.get("name").asText();',
    ],
    'string-format': [
      'String name = "Ada";',
      'int count = 3;',
      'String message = String.format("%s has %d new messages", name, count);',
      'String price = "%.2f".formatted(9.5); // "9.50"',
    ],
    'map-iteration': [
      'Map<String, Integer> ages = Map.of("ada", 36, "alan", 41);',
      'for (Map.Entry<String, Integer> entry : ages.entrySet()) {',
      '    System.out.println(entry.getKey() + ": " + entry.getValue());',
      '}',
    ],
    filter: [
      'List<Integer> numbers = List.of(1, 2, 3, 4, 5, 6);',
      'List<Integer> evens = numbers.stream().filter(n -> n % 2 == 0).toList();',
    ],
    deduplicate: [
      'List<String> items = List.of("a", "b", "a", "c", "b");',
      'List<String> unique = items.stream().distinct().toList(); // keeps the first order',
    ],
    'regex-match': [
      'Matcher match = Pattern.compile("(\\\\d{4})-(\\\\d{2})-(\\\\d{2})").matcher("Due 2024-07-01");',
      'if (match.find()) {',
      '    String year = match.group(1);',
      '}',
    ],
  },
  kotlin: {
    'reverse-list': ['val numbers = listOf(1, 2, 3, 4)', 'val reversed = numbers.reversed()'],
    sort: [
      'val words = listOf("pear", "apple", "fig")',
      'val byName = words.sorted()',
      'val byLength = words.sortedByDescending { it.length }',
    ],
    'read-file': ['File("notes.txt").forEachLine { line ->', '    println(line)', '}'],
    'http-request': [
      'val client = HttpClient.newHttpClient()',
      'val request = HttpRequest.newBuilder(URI.create("https://api.example.com/items")).build()',
      'val response = client.send(request, HttpResponse.BodyHandlers.ofString())',
      'check(response.statusCode() == 200) { "Request failed: ${response.statusCode()}" }',
    ],
    'parse-json': [
      '@Serializable data class Person(val name: String, val tags: List<String>)',
      '',
      'val person = Json.decodeFromString<Person>("""{"name": "Ada", "tags": ["math"]}""")',
      'val text = Json.encodeToString(person)',
    ],
    'string-format': [
      'val name = "Ada"',
      'val count = 3',
      'val message = "$name has $count new messages"',
      'val price = "%.2f".format(9.5) // "9.50"',
    ],
    'map-iteration': [
      'val ages = mapOf("ada" to 36, "alan" to 41)',
      'for ((name, age) in ages) {',
      '    println("$name: $age")',
      '}',
    ],
    filter: ['val numbers = listOf(1, 2, 3, 4, 5, 6)', 'val evens = numbers.filter { it % 2 == 0 }'],
    deduplicate: [
      'val items = listOf("a", "b", "a", "c", "b")',
      'val unique = items.distinct() // keeps the first order',
    ],
    'regex-match': [
      'val match = Regex("""(\\d{4})-(\\d{2})-(\\d{2})""").find("Due 2024-07-01")',
      'val (year, month, day) = match?.destructured ?: return',
    ],
  },
  csharp: {
    'reverse-list': ['var numbers = new List<int> { 1, 2, 3, 4 };', 'numbers.Reverse(); // in place'],
    sort: [
      'var words = new List<string> { "pear", "apple", "fig" };',
      'var byName = words.Order().ToList();',
      'var byLength = words.OrderByDescending(word => word.Length).ToList();',
    ],
    'read-file': ['foreach (var line in File.ReadLines("notes.txt"))', '{', '    Console.WriteLine(line);', '}'],
    'http-request': [
      'using var client = new HttpClient();',
      'var response = await client.GetAsync("https://api.example.com/items");',
      'response.EnsureSuccessStatusCode();',
      'var body = await response.Content.ReadAsStringAsync();',
    ],
    'parse-json': [
      'record Person(string Name, string[] Tags);',
      '',
      'var options = new JsonSerializerOptions { PropertyNameCaseInsensitive = true };',
      'var person = JsonSerializer.Deserialize<Person>("{\\"name\\": \\"Ada\\", \\"tags\\": [\\"math\\"]}", options);',
    ],
    'string-format': [
      'var name = "Ada";',
      'var count = 3;',
      'var message = $"{name} has {count} new messages";',
      'var price = 9.5.ToString("F2"); // "9.50"',
    ],
    'map-iteration': [
      'var ages = new Dictionary<string, int> { ["ada"] = 36, ["alan"] = 41 };',
      'foreach (var (name, age) in ages)',
      '{',
      '    Console.WriteLine($"{name}: {age}");',
      '}',
    ],
    filter: ['var numbers = new[] { 1, 2, 3, 4, 5, 6 };', 'var evens = numbers.Where(n => n % 2 == 0).ToList();'],
    deduplicate: [
      'var items = new[] { "a", "b", "a", "c", "b" };',
      'var unique = items.Distinct().ToList(); // keeps the first order',
    ],
    'regex-match': [
      'var match = Regex.Match("Due 2024-07-01", @"(\\d{4})-(\\d{2})-(\\d{2})");',
      'if (match.Success)',
      '{',
      '    var year = match.Groups[1].Value;',
      '}',
    ],
  },
  swift: {
    'reverse-list': [
      'var numbers = [1, 2, 3, 4]',
      'let reversedCopy = Array(numbers.reversed())',
      'numbers.reverse() // in place',
    ],
    sort: [
      'let words = ["pear", "apple", "fig"]',
      'let byName = words.sorted()',
      'let byLength = words.sorted { $0.count > $1.count }',
    ],
    'read-file': [
      'let text = try String(contentsOfFile: "notes.txt", encoding: .utf8)',
      'for line in text.split(separator: "\\n") {',
      '    print(line)',
      '}',
    ],
    'http-request': [
      'let url = URL(string: "https://api.example.com/items")!',
      'let (data, response) = try await URLSession.shared.data(from: url)',
      'guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw URLError(.badServerResponse) }',
    ],
    'parse-json': [
      'struct Person: Codable { let name: String; let tags: [String] }',
      '',
      'let json = #"{"name": "Ada", "tags": ["math"]}"#.data(using: .utf8)!',
      'let person = try JSONDecoder().decode(Person.self, from: json)',
    ],
    'string-format': [
      'let name = "Ada"',
      'let count = 3',
      'let message = "\\(name) has \\(count) new messages"',
      'let price = String(format: "%.2f", 9.5) // "9.50"',
    ],
    'map-iteration': [
      'let ages = ["ada": 36, "alan": 41]',
      'for (name, age) in ages {',
      '    print("\\(name): \\(age)")',
      '}',
    ],
    filter: ['let numbers = [1, 2, 3, 4, 5, 6]', 'let evens = numbers.filter { $0 % 2 == 0 }'],
    deduplicate: [
      'let items = ["a", "b", "a", "c", "b"]',
      'var seen = Set<String>()',
      'let unique = items.filter { seen.insert($0).inserted } // keeps the first order',
    ],
    'regex-match': [
      'let pattern = /(\\d{4})-(\\d{2})-(\\d{2})/',
      'if let match = "Due 2024-07-01".firstMatch(of: pattern) {',
      '    let year = match.1',
      '}',
    ],
  },
}
