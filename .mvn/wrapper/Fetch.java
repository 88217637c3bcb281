import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Path;

/**
 * Fetches one URL into a file with the JDK alone, for ./mvnw on a machine without curl or wget:
 * {@code java Fetch.java URL FILE}. Exits 1 with a message on any HTTP status but 200.
 */
public class Fetch {
    public static void main(String[] args) throws Exception {
        HttpClient client = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build();
        var request = java.net.http.HttpRequest.newBuilder(URI.create(args[0])).GET().build();
        HttpResponse<Path> response = client.send(request, HttpResponse.BodyHandlers.ofFile(Path.of(args[1])));
        if (response.statusCode() != 200) {
            System.err.println("Fetch: " + args[0] + " answered HTTP " + response.statusCode());
            System.exit(1);
        }
    }
}
