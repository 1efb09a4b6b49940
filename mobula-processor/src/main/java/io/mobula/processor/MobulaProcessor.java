package io.mobula.processor;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;

/**
 * Mobula's compile-time code generator. Like the Manta compiler (thesis 3.3.2) it looks at every class
 * being compiled, not only annotated ones, and generates specialised serialization code for each
 * serializable class, so the runtime never needs reflection per object.
 *
 * <p>Runs each {@link Generator} on every type of every round (top-level and nested member types). It never
 * claims annotations, so other processors still see them.
 */
public final class MobulaProcessor extends AbstractProcessor {
    private final List<Generator> generators = new ArrayList<>();
    /** Qualified names of all types compiled from source, across rounds (generated ones included). */
    private final Set<String> sourceTypes = new HashSet<>();
    private final Set<String> done = new HashSet<>();
    /** Types some generator could not handle yet, by generator, retried each round. */
    private final Map<Generator, Set<String>> deferred = new HashMap<>();

    /** Instantiated by the compiler through META-INF/services. */
    public MobulaProcessor() {}

    @Override
    public synchronized void init(ProcessingEnvironment env) {
        super.init(env);
        Reporter reporter = new Reporter(env.getMessager());
        generators.add(new SerializerGenerator(env, reporter, sourceTypes));
        generators.add(new SerializableIndexGenerator(env, reporter));
        generators.add(new RemoteInterfaceGenerator(env, reporter, sourceTypes));
        generators.add(new GroupInterfaceGenerator(env, reporter, sourceTypes));
        generators.add(new CloudRootGenerator(env, reporter, sourceTypes));
        generators.add(new CloudClassGenerator(env, reporter));
        try {
            generators.add(new ImplementationFlagsGenerator(env, reporter));
            generators.add(new GroupFlagsGenerator(env, reporter));
        } catch (IllegalArgumentException e) {
            // not javac (Trees unavailable): no proofs, so every remote call and group invocation runs where it may block
        }
    }

    @Override
    public Set<String> getSupportedAnnotationTypes() {
        return Set.of("*");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        List<TypeElement> types = new ArrayList<>();
        for (TypeElement root : ElementFilter.typesIn(round.getRootElements())) {
            collect(root, types);
        }
        types.forEach(t -> sourceTypes.add(t.getQualifiedName().toString()));
        for (Generator generator : generators) {
            Set<String> waiting = deferred.computeIfAbsent(generator, g -> new LinkedHashSet<>());
            List<String> retry = List.copyOf(waiting);
            waiting.clear();
            for (String name : retry) {
                offer(generator, processingEnv.getElementUtils().getTypeElement(name), name, waiting);
            }
        }
        for (TypeElement type : types) {
            String name = type.getQualifiedName().toString();
            if (done.add(name)) {
                generators.forEach(g -> offer(g, type, name, deferred.computeIfAbsent(g, k -> new LinkedHashSet<>())));
            }
        }
        generators.forEach(Generator::roundEnd);
        if (round.processingOver()) {
            generators.forEach(Generator::processingOver);
        }
        return false;
    }

    private static void offer(Generator generator, TypeElement type, String name, Set<String> waiting) {
        if (type != null && generator.appliesTo(type) && !generator.generate(type)) {
            waiting.add(name); // javac reports the unresolved type itself if it never appears
        }
    }

    /** A type and its member types, recursively; local and anonymous classes are not members. */
    private static void collect(TypeElement type, List<TypeElement> out) {
        out.add(type);
        for (Element e : type.getEnclosedElements()) {
            if (e instanceof TypeElement member) {
                collect(member, out);
            }
        }
    }
}
