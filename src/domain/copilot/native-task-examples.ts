import type { TaskExamples } from './common-tasks.js'

/**
 * The common tasks in C++ and C.
 *
 * @example
 * nativeTaskExamples.cpp['reverse-list'][1] // 'std::reverse(numbers.begin(), numbers.end()); // in place'
 */
export const nativeTaskExamples: Readonly<Record<'cpp' | 'c', TaskExamples>> = {
  cpp: {
    'reverse-list': [
      'std::vector<int> numbers{1, 2, 3, 4};',
      'std::reverse(numbers.begin(), numbers.end()); // in place',
    ],
    sort: [
      'std::vector<std::string> words{"pear", "apple", "fig"};',
      'std::sort(words.begin(), words.end());',
      'std::sort(words.begin(), words.end(), [](const auto& a, const auto& b) { return a.size() > b.size(); });',
    ],
    'read-file': [
      'std::ifstream file("notes.txt");',
      'for (std::string line; std::getline(file, line);) {',
      "    std::cout << line << '\\n';",
      '}',
    ],
    'http-request': [
      '// libcurl',
      'CURL* curl = curl_easy_init();',
      'curl_easy_setopt(curl, CURLOPT_URL, "https://api.example.com/items");',
      'CURLcode result = curl_easy_perform(curl);',
      'curl_easy_cleanup(curl);',
    ],
    'parse-json': [
      '// nlohmann/json',
      'auto data = nlohmann::json::parse(R"({"name": "Ada", "tags": ["math"]})");',
      'std::string name = data["name"];',
    ],
    'string-format': [
      'std::string name = "Ada";',
      'int count = 3;',
      'auto message = std::format("{} has {} new messages", name, count); // C++20',
      'auto price = std::format("{:.2f}", 9.5); // "9.50"',
    ],
    'map-iteration': [
      'std::map<std::string, int> ages{{"ada", 36}, {"alan", 41}};',
      'for (const auto& [name, age] : ages) {',
      '    std::cout << name << ": " << age << \'\\n\';',
      '}',
    ],
    filter: [
      'std::vector<int> numbers{1, 2, 3, 4, 5, 6};',
      'std::vector<int> evens;',
      'std::copy_if(numbers.begin(), numbers.end(), std::back_inserter(evens), [](int n) { return n % 2 == 0; });',
    ],
    deduplicate: [
      'std::vector<std::string> items{"a", "b", "a", "c", "b"};',
      'std::sort(items.begin(), items.end());',
      'items.erase(std::unique(items.begin(), items.end()), items.end());',
    ],
    'regex-match': [
      'std::smatch match;',
      'std::string text = "Due 2024-07-01";',
      'if (std::regex_search(text, match, std::regex(R"((\\d{4})-(\\d{2})-(\\d{2}))"))) {',
      '    std::string year = match[1];',
      '}',
    ],
  },
  c: {
    'reverse-list': [
      'int numbers[] = {1, 2, 3, 4};',
      'size_t count = sizeof numbers / sizeof numbers[0];',
      'for (size_t i = 0; i < count / 2; i++) {',
      '    int kept = numbers[i];',
      '    numbers[i] = numbers[count - 1 - i];',
      '    numbers[count - 1 - i] = kept;',
      '}',
    ],
    sort: [
      'static int ascending(const void *a, const void *b) {',
      '    return (*(const int *)a > *(const int *)b) - (*(const int *)a < *(const int *)b);',
      '}',
      '',
      'int numbers[] = {3, 1, 2};',
      'qsort(numbers, 3, sizeof numbers[0], ascending);',
    ],
    'read-file': [
      'FILE *file = fopen("notes.txt", "r");',
      'if (file == NULL) return 1;',
      'char line[256];',
      'while (fgets(line, sizeof line, file)) fputs(line, stdout);',
      'fclose(file);',
    ],
    'http-request': [
      '/* libcurl */',
      'CURL *curl = curl_easy_init();',
      'curl_easy_setopt(curl, CURLOPT_URL, "https://api.example.com/items");',
      'CURLcode result = curl_easy_perform(curl);',
      'curl_easy_cleanup(curl);',
    ],
    'parse-json': [
      '/* cJSON */',
      'cJSON *data = cJSON_Parse("{\\"name\\": \\"Ada\\", \\"tags\\": [\\"math\\"]}");',
      'const cJSON *name = cJSON_GetObjectItemCaseSensitive(data, "name");',
      'if (cJSON_IsString(name)) puts(name->valuestring);',
      'cJSON_Delete(data);',
    ],
    'string-format': [
      'char message[64];',
      'snprintf(message, sizeof message, "%s has %d new messages", "Ada", 3);',
      'printf("%.2f\\n", 9.5); /* 9.50 */',
    ],
    'map-iteration': [
      'struct entry { const char *name; int age; };',
      'struct entry ages[] = {{"ada", 36}, {"alan", 41}};',
      'for (size_t i = 0; i < sizeof ages / sizeof ages[0]; i++) {',
      '    printf("%s: %d\\n", ages[i].name, ages[i].age);',
      '}',
    ],
    filter: [
      'int numbers[] = {1, 2, 3, 4, 5, 6}, evens[6];',
      'size_t kept = 0;',
      'for (size_t i = 0; i < 6; i++) {',
      '    if (numbers[i] % 2 == 0) evens[kept++] = numbers[i];',
      '}',
    ],
    deduplicate: [
      'int sorted[] = {1, 1, 2, 3, 3};',
      'size_t kept = 1;',
      'for (size_t i = 1; i < 5; i++) {',
      '    if (sorted[i] != sorted[kept - 1]) sorted[kept++] = sorted[i];',
      '}',
    ],
    'regex-match': [
      'regex_t pattern;',
      'regmatch_t groups[4];',
      'regcomp(&pattern, "([0-9]{4})-([0-9]{2})-([0-9]{2})", REG_EXTENDED);',
      'if (regexec(&pattern, "Due 2024-07-01", 4, groups, 0) == 0) puts("matched");',
      'regfree(&pattern);',
    ],
  },
}
