package io.mobula.processor;

import java.io.IOException;
import java.io.Writer;
import java.util.TreeSet;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * Lists every serializable class of the compilation in {@value #RESOURCE} (one binary name per line): the classes the
 * application compiled, so meant to send. The runtime's trusted-classes rule (docs/SECURITY.md) lets a peer
 * instantiate only classes listed there (or with a generated serializer, built-in, registered or explicitly allowed),
 * which covers the classes whose hooks the processor leaves to the runtime.
 */
final class SerializableIndexGenerator implements Generator {
    /** The resource every compilation unit (a module's main or test classes) contributes one of. */
    static final String RESOURCE = "META-INF/mobula/serializable-classes";

    private final Elements elements;
    private final Filer filer;
    private final Reporter reporter;
    private final SerializerAnalyzer analyzer;
    private final TreeSet<String> names = new TreeSet<>();
    private boolean written;

    SerializableIndexGenerator(ProcessingEnvironment env, Reporter reporter) {
        this.elements = env.getElementUtils();
        this.filer = env.getFiler();
        this.reporter = reporter;
        this.analyzer = new SerializerAnalyzer(env, reporter);
    }

    @Override
    public boolean appliesTo(TypeElement type) {
        return analyzer.isSerializableClass(type);
    }

    @Override
    public boolean generate(TypeElement type) {
        names.add(elements.getBinaryName(type).toString());
        return true;
    }

    @Override
    public void processingOver() {
        if (names.isEmpty() || written) {
            return;
        }
        written = true;
        try {
            FileObject f = filer.createResource(StandardLocation.CLASS_OUTPUT, "", RESOURCE);
            try (Writer out = f.openWriter()) {
                out.write("# Serializable classes of this compilation, listed by mobula-processor\n");
                for (String n : names) {
                    out.write(n);
                    out.write('\n');
                }
            }
        } catch (IOException | IllegalArgumentException e) {
            reporter.warning(null, "Mobula: cannot write " + RESOURCE + " (peers will refuse this compilation's"
                    + " classes that have no generated serializer): " + e.getMessage());
        }
    }
}
