package io.mobula.bench.model;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The classic "media content" object graph of the jvm-serializers benchmark: one {@link Media} with
 * strings, numbers, a list of persons and an enum, plus a list of two {@link Image}s.
 */
public final class MediaContent implements Serializable {
    public Media media;
    public List<Image> images;

    public MediaContent() {
    }

    public MediaContent(Media media, List<Image> images) {
        this.media = media;
        this.images = images;
    }

    /** The standard instance used by jvm-serializers (with mutable {@link ArrayList}s). */
    public static MediaContent standard() {
        Media media = new Media();
        media.uri = "http://javaone.com/keynote.mpg";
        media.title = "Javaone Keynote";
        media.width = 640;
        media.height = 480;
        media.format = "video/mpg4";
        media.duration = 18_000_000L;
        media.size = 58_982_400L;
        media.bitrate = 262_144;
        media.hasBitrate = true;
        media.persons = new ArrayList<>(List.of("Bill Gates", "Steve Jobs"));
        media.player = Media.Player.JAVA;
        media.copyright = null;
        List<Image> images = new ArrayList<>(2);
        images.add(new Image("http://javaone.com/keynote_large.jpg", "Javaone Keynote", 1024, 768, Image.Size.LARGE));
        images.add(new Image("http://javaone.com/keynote_small.jpg", "Javaone Keynote", 320, 240, Image.Size.SMALL));
        return new MediaContent(media, images);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof MediaContent o && Objects.equals(media, o.media) && Objects.equals(images, o.images);
    }

    @Override
    public int hashCode() {
        return Objects.hash(media, images);
    }
}
