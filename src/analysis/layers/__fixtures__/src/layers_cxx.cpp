// The C++ fixture of the layers tests (README.md beside it): iostreams writing and reading one file.
//   streams.txt  written by write_stream() with std::ofstream <<   -> layer C++ streams, site write_stream
//   streams.txt  read back by read_stream() with std::ifstream >>   -> layer C++ streams, site read_stream
// Prints what it did: <function> <file> <operations> <bytes>. Built with g++ -g -O0.
#include <cstdio>
#include <fstream>
#include <string>

static const int NLINES = 2000;

__attribute__((noinline)) static void write_stream(const char *path) {
  std::ofstream out(path);
  long bytes = 0;
  for (int i = 0; i < NLINES; i++) {
    std::string line = "line " + std::to_string(i) + " of the stream fixture\n";
    out << line;
    bytes += (long)line.size();
  }
  out.close();
  std::printf("write_stream %s %d %ld\n", path, NLINES, bytes);
}

__attribute__((noinline)) static void read_stream(const char *path) {
  std::ifstream in(path);
  std::string line;
  int n = 0;
  long bytes = 0;
  while (std::getline(in, line)) {
    n++;
    bytes += (long)line.size() + 1;
  }
  std::printf("read_stream %s %d %ld\n", path, n, bytes);
}

int main() {
  write_stream("streams.txt");
  read_stream("streams.txt");
  return 0;
}
